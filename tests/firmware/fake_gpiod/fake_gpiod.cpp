// A user-space libgpiod 1.6: every C function libgpiodcxx imports (`nm -D --undefined-only
// libgpiodcxx.so`), on chips held in memory. gpio_tests links the static libgpiodcxx.a and
// this file and no libgpiod, so a symbol missing here fails the link instead of reaching
// /dev. Errors follow the real library: NULL or -1 with errno set.

#include <gpiod.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <memory>
#include <stdexcept>
#include <vector>

#include "fake_gpiod_control.hpp"

namespace {

// The kernel's side of a line, shared by every handle of its chip.
struct FakeLine {
  unsigned offset = 0;
  std::string name;
  std::string busy_with;        // another process's consumer name
  gpiod_chip* owner = nullptr;  // the handle that requested it
  std::string consumer;
  int request_type = 0;
  int flags = 0;
  int direction = GPIOD_LINE_DIRECTION_INPUT;
  int value = 0;  // driven, for outputs
  int level = 0;  // seen, for inputs
  int writes = 0;
  std::deque<gpiod_line_event> events;
};

}  // namespace

// As in libgpiod, every chip handle has line objects of its own.
struct gpiod_line {
  gpiod_chip* handle = nullptr;
  FakeLine* state = nullptr;
};

namespace {

struct FakeChip {
  std::string name;
  std::string label;
  std::deque<FakeLine> lines;
};

struct World {
  std::vector<std::shared_ptr<FakeChip>> chips;
  int listing_error = 0;
  long calls = 0;
  int handles = 0;
};

World& world() {
  static World instance;
  return instance;
}

long enter() { return ++world().calls; }

template <class T>
T fail_with(int error, T result) {
  errno = error;
  return result;
}

}  // namespace

struct gpiod_chip {
  std::shared_ptr<FakeChip> chip;
  std::deque<gpiod_line> lines;  // a deque keeps the pointers libgpiodcxx holds valid
};
struct gpiod_chip_iter {
  std::vector<gpiod_chip*> chips;
  std::size_t next = 0;
};
struct gpiod_line_iter {
  gpiod_chip* chip = nullptr;
  unsigned next = 0;
};

namespace {

gpiod_chip* open_chip(const std::shared_ptr<FakeChip>& chip) {
  ++world().handles;
  auto* handle = new gpiod_chip{chip, {}};
  for (FakeLine& line : chip->lines) handle->lines.push_back({handle, &line});
  return handle;
}

template <class Match>
gpiod_chip* open_where(Match match) {
  for (const auto& chip : world().chips) {
    if (match(*chip)) return open_chip(chip);
  }
  return fail_with(ENOENT, static_cast<gpiod_chip*>(nullptr));
}

bool requested_for_events(const FakeLine& line) {
  return line.owner && line.request_type >= GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE;
}

bool requested_for_events(const gpiod_line& line) {
  return line.state->owner == line.handle && requested_for_events(*line.state);
}

void release(FakeLine& line) {
  line.owner = nullptr;
  line.consumer.clear();
  line.request_type = 0;
  line.flags = 0;
  line.events.clear();
}

// The bulk functions demand requested lines, as the kernel's line handles do.
bool all_requested(const gpiod_line_bulk* bulk) {
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    if (bulk->lines[i]->state->owner != bulk->lines[i]->handle) return false;
  }
  return true;
}

FakeLine& find(const std::string& chip, unsigned offset) {
  for (const auto& c : world().chips) {
    if (c->name == chip && offset < c->lines.size()) return c->lines[offset];
  }
  throw std::invalid_argument("fake_gpiod: no line " + chip + ":" + std::to_string(offset));
}

}  // namespace

// --- the control side ---

namespace fake_gpiod {

void reset() { world() = World{}; }

void add_chip(const std::string& name, const std::string& label, unsigned lines) {
  auto chip = std::make_shared<FakeChip>();
  chip->name = name;
  chip->label = label;
  for (unsigned i = 0; i < lines; ++i) {
    FakeLine& line = chip->lines.emplace_back();
    line.offset = i;
    line.name = "GPIO" + std::to_string(i);
  }
  world().chips.push_back(std::move(chip));
}

void set_busy(const std::string& chip, unsigned offset, const std::string& consumer) {
  find(chip, offset).busy_with = consumer;
}

void fail_listing(int error) { world().listing_error = error; }

void push_edge(const std::string& chip, unsigned offset, Edge edge, std::int64_t at_ns) {
  FakeLine& line = find(chip, offset);
  const bool rising = edge == Edge::Rising;
  line.level = rising ? 1 : 0;
  const bool wanted =
      line.request_type == GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES ||
      line.request_type == (rising ? GPIOD_LINE_REQUEST_EVENT_RISING_EDGE : GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE);
  if (!requested_for_events(line) || !wanted) return;
  gpiod_line_event event{};
  event.ts.tv_sec = static_cast<time_t>(at_ns / 1'000'000'000);
  event.ts.tv_nsec = static_cast<long>(at_ns % 1'000'000'000);
  event.event_type = rising ? GPIOD_LINE_EVENT_RISING_EDGE : GPIOD_LINE_EVENT_FALLING_EDGE;
  line.events.push_back(event);
}

LineState line(const std::string& chip, unsigned offset) {
  const FakeLine& l = find(chip, offset);
  return {l.owner != nullptr, l.consumer, l.request_type, l.flags, l.value, l.writes, l.events.size()};
}

long calls() { return world().calls; }

int open_handles() { return world().handles; }

}  // namespace fake_gpiod

// --- chips ---

gpiod_chip* gpiod_chip_open_by_name(const char* name) {
  enter();
  return open_where([&](const FakeChip& chip) { return chip.name == name; });
}

gpiod_chip* gpiod_chip_open(const char* path) {
  enter();
  constexpr std::string_view dev = "/dev/";
  const std::string_view p(path);
  if (p.substr(0, dev.size()) != dev) return fail_with(ENOENT, static_cast<gpiod_chip*>(nullptr));
  return gpiod_chip_open_by_name(std::string(p.substr(dev.size())).c_str());
}

gpiod_chip* gpiod_chip_open_by_number(unsigned int num) {
  enter();
  return gpiod_chip_open_by_name(("gpiochip" + std::to_string(num)).c_str());
}

gpiod_chip* gpiod_chip_open_by_label(const char* label) {
  enter();
  return open_where([&](const FakeChip& chip) { return chip.label == label; });
}

gpiod_chip* gpiod_chip_open_lookup(const char* descr) {
  enter();
  if (gpiod_chip* chip = gpiod_chip_open_by_name(descr)) return chip;
  if (gpiod_chip* chip = gpiod_chip_open(descr)) return chip;
  if (gpiod_chip* chip = gpiod_chip_open_by_label(descr)) return chip;
  const std::string text(descr);
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return gpiod_chip_open_by_number(static_cast<unsigned>(std::stoul(text)));
  }
  return fail_with(ENOENT, static_cast<gpiod_chip*>(nullptr));
}

void gpiod_chip_close(gpiod_chip* chip) {
  enter();
  // The kernel frees a handle's lines when its file closes.
  for (FakeLine& line : chip->chip->lines) {
    if (line.owner == chip) release(line);
  }
  --world().handles;
  delete chip;
}

const char* gpiod_chip_name(gpiod_chip* chip) {
  enter();
  return chip->chip->name.c_str();
}

const char* gpiod_chip_label(gpiod_chip* chip) {
  enter();
  return chip->chip->label.c_str();
}

unsigned int gpiod_chip_num_lines(gpiod_chip* chip) {
  enter();
  return static_cast<unsigned>(chip->chip->lines.size());
}

gpiod_line* gpiod_chip_get_line(gpiod_chip* chip, unsigned int offset) {
  enter();
  if (offset >= chip->chip->lines.size()) return fail_with(EINVAL, static_cast<gpiod_line*>(nullptr));
  return &chip->lines[offset];
}

gpiod_line* gpiod_chip_find_line(gpiod_chip* chip, const char* name) {
  enter();
  for (gpiod_line& line : chip->lines) {
    if (line.state->name == name) return &line;
  }
  return fail_with(ENOENT, static_cast<gpiod_line*>(nullptr));
}

gpiod_chip_iter* gpiod_chip_iter_new() {
  enter();
  if (world().listing_error) return fail_with(world().listing_error, static_cast<gpiod_chip_iter*>(nullptr));
  auto* iter = new gpiod_chip_iter;
  for (const auto& chip : world().chips) iter->chips.push_back(open_chip(chip));
  return iter;
}

gpiod_chip* gpiod_chip_iter_next_noclose(gpiod_chip_iter* iter) {
  enter();
  return iter->next < iter->chips.size() ? iter->chips[iter->next++] : nullptr;
}

void gpiod_chip_iter_free_noclose(gpiod_chip_iter* iter) {
  enter();
  // The chips handed out belong to the caller now; the rest were never seen, so close them.
  for (std::size_t i = iter->next; i < iter->chips.size(); ++i) gpiod_chip_close(iter->chips[i]);
  delete iter;
}

gpiod_line_iter* gpiod_line_iter_new(gpiod_chip* chip) {
  enter();
  return new gpiod_line_iter{chip, 0};
}

gpiod_line* gpiod_line_iter_next(gpiod_line_iter* iter) {
  enter();
  return iter->next < iter->chip->lines.size() ? &iter->chip->lines[iter->next++] : nullptr;
}

void gpiod_line_iter_free(gpiod_line_iter* iter) {
  enter();
  delete iter;
}

// --- line info ---

unsigned int gpiod_line_offset(gpiod_line* line) {
  enter();
  return line->state->offset;
}

const char* gpiod_line_name(gpiod_line* line) {
  enter();
  return line->state->name.c_str();
}

const char* gpiod_line_consumer(gpiod_line* line) {
  enter();
  if (line->state->owner) return line->state->consumer.c_str();
  return line->state->busy_with.empty() ? nullptr : line->state->busy_with.c_str();
}

int gpiod_line_direction(gpiod_line* line) {
  enter();
  return line->state->direction;
}

int gpiod_line_active_state(gpiod_line* line) {
  enter();
  return (line->state->flags & GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) ? GPIOD_LINE_ACTIVE_STATE_LOW
                                                                   : GPIOD_LINE_ACTIVE_STATE_HIGH;
}

int gpiod_line_bias(gpiod_line* line) {
  enter();
  if (line->state->flags & GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) return GPIOD_LINE_BIAS_PULL_UP;
  if (line->state->flags & GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN) return GPIOD_LINE_BIAS_PULL_DOWN;
  if (line->state->flags & GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE) return GPIOD_LINE_BIAS_DISABLE;
  return GPIOD_LINE_BIAS_AS_IS;
}

bool gpiod_line_is_used(gpiod_line* line) {
  enter();
  return line->state->owner || !line->state->busy_with.empty();
}

bool gpiod_line_is_open_drain(gpiod_line* line) {
  enter();
  return line->state->flags & GPIOD_LINE_REQUEST_FLAG_OPEN_DRAIN;
}

bool gpiod_line_is_open_source(gpiod_line* line) {
  enter();
  return line->state->flags & GPIOD_LINE_REQUEST_FLAG_OPEN_SOURCE;
}

bool gpiod_line_is_requested(gpiod_line* line) {
  enter();
  return line->state->owner == line->handle;
}

int gpiod_line_update(gpiod_line*) {
  enter();
  return 0;
}

// --- requests ---

int gpiod_line_request_bulk(gpiod_line_bulk* bulk, const gpiod_line_request_config* config, const int* default_vals) {
  enter();
  if (config->request_type < GPIOD_LINE_REQUEST_DIRECTION_AS_IS ||
      config->request_type > GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES) {
    return fail_with(EINVAL, -1);
  }
  // All or nothing, as one kernel request is.
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    const FakeLine& line = *bulk->lines[i]->state;
    if (line.owner || !line.busy_with.empty()) return fail_with(EBUSY, -1);
  }
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    FakeLine& line = *bulk->lines[i]->state;
    line.owner = bulk->lines[i]->handle;
    line.consumer = config->consumer ? config->consumer : "";
    line.request_type = config->request_type;
    line.flags = config->flags;
    line.events.clear();
    if (config->request_type == GPIOD_LINE_REQUEST_DIRECTION_OUTPUT) {
      line.direction = GPIOD_LINE_DIRECTION_OUTPUT;
      line.value = default_vals ? default_vals[i] : 0;
    } else if (config->request_type != GPIOD_LINE_REQUEST_DIRECTION_AS_IS) {
      line.direction = GPIOD_LINE_DIRECTION_INPUT;
    }
  }
  return 0;
}

void gpiod_line_release_bulk(gpiod_line_bulk* bulk) {
  enter();
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    if (bulk->lines[i]->state->owner == bulk->lines[i]->handle) release(*bulk->lines[i]->state);
  }
}

int gpiod_line_get_value_bulk(gpiod_line_bulk* bulk, int* values) {
  enter();
  if (!all_requested(bulk)) return fail_with(EPERM, -1);
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    const FakeLine& line = *bulk->lines[i]->state;
    values[i] = line.direction == GPIOD_LINE_DIRECTION_OUTPUT ? line.value : line.level;
  }
  return 0;
}

int gpiod_line_set_value_bulk(gpiod_line_bulk* bulk, const int* values) {
  enter();
  if (!all_requested(bulk)) return fail_with(EPERM, -1);
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    if (bulk->lines[i]->state->direction != GPIOD_LINE_DIRECTION_OUTPUT) return fail_with(EPERM, -1);
  }
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    bulk->lines[i]->state->value = values[i] ? 1 : 0;
    ++bulk->lines[i]->state->writes;
  }
  return 0;
}

int gpiod_line_set_config_bulk(gpiod_line_bulk* bulk, int direction, int flags, const int* values) {
  enter();
  if (!all_requested(bulk)) return fail_with(EPERM, -1);
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    FakeLine& line = *bulk->lines[i]->state;
    line.flags = flags;
    if (direction == GPIOD_LINE_REQUEST_DIRECTION_OUTPUT) {
      line.direction = GPIOD_LINE_DIRECTION_OUTPUT;
      line.value = values ? values[i] : 0;
    } else if (direction == GPIOD_LINE_REQUEST_DIRECTION_INPUT) {
      line.direction = GPIOD_LINE_DIRECTION_INPUT;
    }
  }
  return 0;
}

int gpiod_line_set_flags_bulk(gpiod_line_bulk* bulk, int flags) {
  enter();
  if (!all_requested(bulk)) return fail_with(EPERM, -1);
  for (unsigned i = 0; i < bulk->num_lines; ++i) bulk->lines[i]->state->flags = flags;
  return 0;
}

int gpiod_line_set_direction_input_bulk(gpiod_line_bulk* bulk) {
  enter();
  return gpiod_line_set_config_bulk(bulk, GPIOD_LINE_REQUEST_DIRECTION_INPUT, bulk->lines[0]->state->flags, nullptr);
}

int gpiod_line_set_direction_output_bulk(gpiod_line_bulk* bulk, const int* values) {
  enter();
  return gpiod_line_set_config_bulk(bulk, GPIOD_LINE_REQUEST_DIRECTION_OUTPUT, bulk->lines[0]->state->flags, values);
}

// --- events ---

int gpiod_line_event_wait_bulk(gpiod_line_bulk* bulk, const timespec*, gpiod_line_bulk* event_bulk) {
  enter();
  // Never sleeps: a test has injected its edges already, and waiting would only slow it.
  if (event_bulk) gpiod_line_bulk_init(event_bulk);
  int ready = 0;
  for (unsigned i = 0; i < bulk->num_lines; ++i) {
    gpiod_line* line = bulk->lines[i];
    if (!requested_for_events(*line)) return fail_with(EPERM, -1);
    if (line->state->events.empty()) continue;
    ++ready;
    if (event_bulk) gpiod_line_bulk_add(event_bulk, line);
  }
  return ready > 0 ? 1 : 0;
}

int gpiod_line_event_read_multiple(gpiod_line* line, gpiod_line_event* events, unsigned int num_events) {
  enter();
  if (!requested_for_events(*line)) return fail_with(EPERM, -1);
  // The kernel would block on an empty queue; a test must not hang, so say so instead.
  if (line->state->events.empty()) return fail_with(EAGAIN, -1);
  unsigned n = 0;
  for (; n < num_events && !line->state->events.empty(); ++n) {
    events[n] = line->state->events.front();
    line->state->events.pop_front();
  }
  return static_cast<int>(n);
}

int gpiod_line_event_read(gpiod_line* line, gpiod_line_event* event) {
  enter();
  return gpiod_line_event_read_multiple(line, event, 1) < 0 ? -1 : 0;
}

int gpiod_line_event_get_fd(gpiod_line* line) {
  enter();
  // The fake has no file descriptors; GpioButtons waits through gpiod_line_event_wait_bulk.
  if (!requested_for_events(*line)) return fail_with(EPERM, -1);
  return fail_with(ENOTSUP, -1);
}
