#pragma once
// The view model made from a running session: the one place where the session's state, its
// prompt and its module's board description become what the display may know (view.hpp). The
// display and the game modules include view.hpp alone.

#include <cstdint>
#include <optional>

#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine {

// Whether the command the session accepted as `group` (Accepted::group) stopped at a rules check
// that still waits for "Do it anyway" or Cancel: its toast is then Warned, not Accepted.
bool stopped_at_check(const Session& session, std::int64_t group);

// now_ms is the table's clock (wall clock, kept monotonic while the daemon runs): running
// timers are read at it.
ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines = 6);

}  // namespace seneschal::engine
