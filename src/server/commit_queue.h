// The one writer of the database. Matches hand it their entries; it commits whatever has piled up
// in one transaction (group commit, so thousands of moves a second cost a few commits), and only
// then tells each match, which only then tells its clients: every action is stored before anyone
// hears of it (issue 10, "Durability").
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "server/storage.h"

namespace quartel::server {

class CommitQueue {
 public:
  using Write = std::function<void(Storage&)>;
  // Called on the queue's thread once the write is committed (true) or refused by the database
  // (false; nothing of it was stored). Post it to where it must run.
  using Done = std::function<void(bool stored)>;

  explicit CommitQueue(Storage& storage);
  ~CommitQueue();  // Stop()
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;

  void Submit(Write write, Done done);
  // Commits everything submitted so far, then stops the thread; later submissions are refused.
  void Stop();
  std::size_t Pending() const;

 private:
  struct Item {
    Write write;
    Done done;
  };
  void Run();
  // Writes a batch in one transaction; false when the database refused it (rolled back).
  bool WriteBatch(std::deque<Item>& batch);

  Storage& storage_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace quartel::server
