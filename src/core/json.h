// JSON for records, views and options: nlohmann-json with keys kept in insertion order so that
// records and golden files read naturally and diff cleanly.
#pragma once

#include <nlohmann/json.hpp>

namespace quartel {
using Json = nlohmann::ordered_json;
}  // namespace quartel
