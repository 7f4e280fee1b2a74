#include "seneschal/firmware/base/bounded_queue.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace seneschal::firmware {
namespace {

TEST(BoundedQueueTest, LiveSourceDropsTheOldestNeverBlocks) {
  BoundedQueue<int> queue(2, Overflow::DropOldest);
  for (int i = 1; i <= 5; ++i) EXPECT_TRUE(queue.push(i));
  EXPECT_EQ(queue.dropped(), 3u);
  EXPECT_EQ(queue.pop(), 4);
  EXPECT_EQ(queue.pop(), 5);
}

TEST(BoundedQueueTest, RecordingWaitsAndLosesNothing) {
  BoundedQueue<int> queue(2, Overflow::Block);
  std::thread producer([&] {
    for (int i = 0; i < 100; ++i) queue.push(i);
    queue.close();
  });
  int expected = 0;
  while (auto item = queue.pop()) EXPECT_EQ(*item, expected++);
  producer.join();
  EXPECT_EQ(expected, 100);
  EXPECT_EQ(queue.dropped(), 0u);
}

TEST(BoundedQueueTest, CloseReleasesABlockedProducer) {
  BoundedQueue<int> queue(1, Overflow::Block);
  ASSERT_TRUE(queue.push(1));
  std::thread closer([&] { queue.close(); });
  EXPECT_FALSE(queue.push(2));  // would block for ever without close()
  closer.join();
  EXPECT_EQ(queue.pop(), 1);  // what was queued before close is still delivered
  EXPECT_EQ(queue.pop(), std::nullopt);
}

}  // namespace
}  // namespace seneschal::firmware
