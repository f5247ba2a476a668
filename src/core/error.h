// The one exception type of Quartel (lc0's habit): every error a user can cause (a bad option, an
// illegal move, a malformed record) is a quartel::Error whose message is one line naming the
// problem.
#pragma once

#include <stdexcept>
#include <string>

namespace quartel {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace quartel
