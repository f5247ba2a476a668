#include "server/commit_queue.h"

#include <spdlog/spdlog.h>

#include <exception>

namespace quartel::server {

CommitQueue::CommitQueue(Storage& storage) : storage_(storage), thread_([this] { Run(); }) {}

CommitQueue::~CommitQueue() { Stop(); }

void CommitQueue::Submit(Write write, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back({std::move(write), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  done(false);
}

void CommitQueue::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::size_t CommitQueue::Pending() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void CommitQueue::Run() {
  for (;;) {
    std::deque<Item> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    if (WriteBatch(batch)) {
      for (Item& item : batch) item.done(true);
      continue;
    }
    // One write spoiled the batch: write each alone, so only the one the database refuses fails.
    for (Item& item : batch) {
      std::deque<Item> alone;
      alone.push_back(std::move(item));
      alone.front().done(WriteBatch(alone));
    }
  }
}

bool CommitQueue::WriteBatch(std::deque<Item>& batch) {
  try {
    storage_.Begin();
  } catch (const std::exception& error) {
    spdlog::error("database: cannot begin a transaction: {}", error.what());
    return false;
  }
  try {
    for (Item& item : batch) item.write(storage_);
    storage_.Commit();
    return true;
  } catch (const std::exception& error) {
    spdlog::error("database: a write was refused and rolled back: {}", error.what());
    try {
      storage_.Rollback();
    } catch (const std::exception&) {
    }
    return false;
  }
}

}  // namespace quartel::server
