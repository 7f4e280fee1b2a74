#include "seneschal/firmware/notify.hpp"

#include <systemd/sd-daemon.h>

#include <string>

namespace seneschal::firmware::notify {

void ready(std::string_view status) { sd_notify(0, ("READY=1\nSTATUS=" + std::string(status)).c_str()); }
void status(std::string_view status) { sd_notify(0, ("STATUS=" + std::string(status)).c_str()); }
void stopping() { sd_notify(0, "STOPPING=1"); }

}  // namespace seneschal::firmware::notify
