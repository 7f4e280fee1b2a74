#pragma once
// The hand-over from the capture thread to the main loop. A live camera must never wait for the
// screen, so it drops the oldest item; a recording must not lose frames, so it waits.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace seneschal::firmware {

enum class Overflow { DropOldest, Block };

template <class T>
class BoundedQueue {
 public:
  BoundedQueue(std::size_t capacity, Overflow overflow) : capacity_(capacity ? capacity : 1), overflow_(overflow) {}

  // False once closed: the consumer has gone, stop producing.
  bool push(T item) {
    std::unique_lock lock(mutex_);
    if (overflow_ == Overflow::Block) {
      not_full_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    } else if (items_.size() >= capacity_) {
      items_.pop_front();
      ++dropped_;
    }
    if (closed_) return false;
    items_.push_back(std::move(item));
    not_empty_.notify_one();
    return true;
  }

  // nullopt when closed and drained.
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    return take(lock);
  }

  template <class Duration>
  std::optional<T> pop_for(Duration timeout) {
    std::unique_lock lock(mutex_);
    not_empty_.wait_for(lock, timeout, [&] { return closed_ || !items_.empty(); });
    return take(lock);
  }

  void close() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    not_empty_.notify_all();
    not_full_.notify_all();
  }

  bool closed_and_empty() const {
    const std::lock_guard lock(mutex_);
    return closed_ && items_.empty();
  }

  std::size_t dropped() const {
    const std::lock_guard lock(mutex_);
    return dropped_;
  }

 private:
  std::optional<T> take(std::unique_lock<std::mutex>&) {
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    not_full_.notify_one();
    return item;
  }

  mutable std::mutex mutex_;
  std::condition_variable not_empty_;
  std::condition_variable not_full_;
  std::deque<T> items_;
  std::size_t capacity_;
  Overflow overflow_;
  std::size_t dropped_ = 0;
  bool closed_ = false;
};

}  // namespace seneschal::firmware
