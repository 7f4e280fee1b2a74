#pragma once
// sd_notify for systemd's Type=notify: READY once the game is loaded, STATUS lines for
// `systemctl status`. Without NOTIFY_SOCKET (not under systemd) these do nothing.

#include <string_view>

namespace seneschal::firmware::notify {

void ready(std::string_view status);
void status(std::string_view status);
void stopping();

}  // namespace seneschal::firmware::notify
