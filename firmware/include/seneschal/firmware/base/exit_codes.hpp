#pragma once
// The exit codes of seneschal and seneschald, sysexits.h's where one fits, so that a shell, a
// script and systemd can tell a typo from a bad file from a bad config. README.md, "Exit codes",
// is the table users read; keep the two in step.

namespace seneschal::firmware {

inline constexpr int kExitOk = 0;
// The command ran and the answer is no, or something failed while it ran (named in the log): a
// deck list with problems, a camera that stopped, a file that could not be written.
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 64;       // EX_USAGE: a wrong flag or sub-command, options that do not go together
inline constexpr int kExitDataErr = 65;     // EX_DATAERR: a file given cannot be read or is not what it should be
inline constexpr int kExitCantCreate = 73;  // EX_CANTCREAT: read-only state folder or log, no space
inline constexpr int kExitTempFail = 75;    // EX_TEMPFAIL: another daemon holds the state folder
inline constexpr int kExitConfig = 78;      // EX_CONFIG: systemd shows it as "CONFIG"

}  // namespace seneschal::firmware
