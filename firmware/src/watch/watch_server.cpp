#include "seneschal/firmware/watch/watch_server.hpp"

#include <civetweb.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <chrono>
#include <fmt/core.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/watch/view_json.hpp"
#include "seneschal/firmware/watch/watch_request.hpp"

namespace seneschal::firmware::watch {
namespace {

namespace fs = std::filesystem;

std::int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Headers every answer carries: nothing is cached (a page holds a token in its address), no
// referrer leaves with a link, and a browser does not guess types.
constexpr const char* kCommonHeaders =
    "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    "Connection: close\r\n";

void send_text(mg_connection* c, int status, const char* reason, std::string_view type, std::string_view body,
               std::string_view extra = {}) {
  mg_printf(c, "HTTP/1.1 %d %s\r\nContent-Type: %.*s\r\nContent-Length: %zu\r\n%s%.*s\r\n", status, reason,
            static_cast<int>(type.size()), type.data(), body.size(), kCommonHeaders, static_cast<int>(extra.size()),
            extra.data());
  if (std::string_view(mg_get_request_info(c)->request_method) != "HEAD") mg_write(c, body.data(), body.size());
}

std::optional<std::string> read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What civetweb says of its own troubles (a malformed request, a bind that failed), one journal
// line each, escaped: its messages can quote what a client sent.
thread_local std::string* start_error = nullptr;
int on_log_message(const mg_connection*, const char* message) {
  if (start_error) *start_error = message;
  log::info("watch server: {}", for_log(message, 200));
  return 1;
}

// The address a phone at the table reaches: a Wi-Fi or Ethernet interface's (wlan0, eth0,
// end0, enp...) before any other (a container bridge such as docker0 or a VPN's tunnel is no
// address for a phone), and loopback only when there is nothing else.
std::string first_network_address() {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return "127.0.0.1";
  std::string best = "127.0.0.1";
  int best_rank = 0;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    if (!(a->ifa_flags & IFF_UP) || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN] = {};
    const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
    if (!::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) continue;
    const std::string_view name = a->ifa_name ? a->ifa_name : "";
    const bool table_network = name.rfind("wl", 0) == 0 || name.rfind("eth", 0) == 0 || name.rfind("en", 0) == 0;
    const int rank = table_network ? 2 : 1;
    if (rank > best_rank) {
      best = text;
      best_rank = rank;
    }
  }
  ::freeifaddrs(list);
  return best;
}

// "HOST:PORT" with a dotted IPv4 host and a port 0-65535; civetweb's own parser accepts more
// (and Debian's build has no IPv6), so the address is held to what the README promises.
Result<std::pair<std::string, int>> parse_listen(std::string_view listen) {
  const auto colon = listen.rfind(':');
  const std::string expected = "expected HOST:PORT, e.g. 0.0.0.0:8080 (every network) or 127.0.0.1:8080 (this machine only)";
  if (colon == std::string_view::npos) return fail(fmt::format("\"{}\": {}", for_log(listen), expected));
  const std::string host(listen.substr(0, colon));
  const std::string_view port_text = listen.substr(colon + 1);
  in_addr parsed{};
  if (::inet_pton(AF_INET, host.c_str(), &parsed) != 1) {
    return fail(fmt::format("\"{}\": \"{}\" is not an IPv4 address; {}", for_log(listen), for_log(host), expected));
  }
  int port = 0;
  if (port_text.empty() || port_text.size() > 5) return fail(fmt::format("\"{}\": {}", for_log(listen), expected));
  for (char c : port_text) {
    if (c < '0' || c > '9') return fail(fmt::format("\"{}\": {}", for_log(listen), expected));
    port = port * 10 + (c - '0');
  }
  if (port > 65535) return fail(fmt::format("\"{}\": port {} is over 65535", for_log(listen), port));
  return std::pair<std::string, int>{host, port};
}

}  // namespace

Server::Server(ServerOptions options, std::string token)
    : options_(std::move(options)), token_file_(token_path(options_.state_dir), std::move(token)) {
  // Which run of the daemon a view comes from: versions count again from 1 after a restart.
  auto run = new_token();
  run_ = run ? run->substr(0, 8) : std::string("run");
}

Result<std::unique_ptr<Server>> Server::start(const ServerOptions& options, std::string token) {
  auto address = parse_listen(options.listen);
  if (!address) return fail("[watch] listen = " + address.error().message);
  std::unique_ptr<Server> server(new Server(options, std::move(token)));
  const std::string ports = fmt::format("{}:{}", address->first, address->second);
  const std::string threads = std::to_string(options.max_pages + options.spare_workers);
  const std::string timeout = std::to_string(options.request_timeout_ms);
  const char* settings[] = {
      "listening_ports", ports.c_str(),
      "num_threads", threads.c_str(),
      // Accepted connections waiting for a worker; beyond these they wait in the kernel.
      "connection_queue", "16",
      "listen_backlog", "64",
      "request_timeout_ms", timeout.c_str(),
      "enable_keep_alive", "no",
      // The request line and headers together; a longer request is refused and closed.
      "max_request_size", "8192",
      "enable_directory_listing", "no",
      "decode_query_string", "no",
      nullptr};
  mg_callbacks callbacks{};
  callbacks.begin_request = &Server::on_request;
  callbacks.log_message = &on_log_message;
  std::string error;
  start_error = &error;
  server->context_ = mg_start(&callbacks, server.get(), settings);
  start_error = nullptr;
  if (!server->context_) {
    return fail(fmt::format("[watch] listen = \"{}\": cannot serve the watch page there{}", for_log(options.listen),
                            error.empty() ? std::string() : ": " + for_log(error, 160)));
  }
  mg_server_port bound[4]{};
  if (mg_get_server_ports(server->context_, 4, bound) > 0) server->port_ = bound[0].port;
  return server;
}

Server::~Server() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (context_) mg_stop(context_);
}

void Server::publish(const engine::ViewModel& view, std::int64_t drawn_wall_ms, std::int64_t drawing_ms) {
  // What the page would show: a running timer and an idle countdown are sent with their end, so
  // ticking alone is no change (the page ticks them itself).
  engine::ViewModel looks = view;
  for (engine::TimerView& timer : looks.timers) {
    if (timer.running && !timer.alarm) timer.remaining_ms = (view.now_ms + timer.remaining_ms) / 500;
  }
  if (looks.advance_in_ms) looks.advance_in_ms = (view.now_ms + *looks.advance_in_ms) / 500;
  looks.now_ms = 0;
  std::string key = view_body(looks);
  {
    std::lock_guard lock(mutex_);
    if (key == last_key_) return;
  }
  const std::string body = view_body(view);
  {
    std::lock_guard lock(mutex_);
    last_key_ = std::move(key);
    ++version_;
    ++stats_.published;
    message_ = std::make_shared<const std::string>(view_message(body, {run_, version_, drawn_wall_ms, drawing_ms}));
  }
  changed_.notify_all();
}

std::string Server::current_token() {
  std::lock_guard lock(token_mutex_);
  return token_file_.current(steady_now_ms());
}

std::string page_address(const std::string& listen, int port) {
  const std::string host = listen.substr(0, listen.rfind(':'));
  return fmt::format("http://{}:{}/", host == "0.0.0.0" ? first_network_address() : host, port);
}

std::string Server::invite_url() {
  const std::string token = current_token();
  return token.empty() ? std::string() : base_url() + "?token=" + token;
}

ServerStats Server::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void Server::count(std::uint64_t ServerStats::*field) {
  std::lock_guard lock(mutex_);
  ++(stats_.*field);
}

void Server::refused_note(const char* method, const char* uri, const char* from) {
  // A stranger knocking a thousand times makes one journal line a minute, not a thousand. The
  // line is written outside the lock: a slow journal never holds up publish().
  std::uint64_t unsaid = 0;
  {
    std::lock_guard lock(mutex_);
    ++stats_.refused;
    ++refusals_unsaid_;
    const std::int64_t now = steady_now_ms();
    if (now - refusals_said_at_ms_ < 60000) return;
    unsaid = refusals_unsaid_;
    refusals_unsaid_ = 0;
    refusals_said_at_ms_ = now;
  }
  log::notice("watch page: refused {} request(s) without the token; the last: {} {} from {}", unsaid,
              for_log(method, 10), for_log(uri ? uri : "", 80), for_log(from, 48));
}

int Server::on_request(mg_connection* connection) {
  auto* server = static_cast<Server*>(mg_get_request_info(connection)->user_data);
  return server->handle(connection);
}

int Server::handle(mg_connection* c) {
  const mg_request_info* request = mg_get_request_info(c);
  count(&ServerStats::requests);
  const std::string_view method = request->request_method ? request->request_method : "";
  if (method != "GET" && method != "HEAD") {
    send_text(c, 405, "Method Not Allowed", "text/plain; charset=utf-8", "the watch page is read-only: GET only\n",
              "Allow: GET, HEAD\r\n");
    return 405;
  }
  std::string given = token_in_query(request->query_string ? request->query_string : "");
  if (given.empty()) {
    const char* authorization = mg_get_header(c, "Authorization");
    given = bearer_token(authorization ? authorization : "");
  }
  if (!same_token(given, current_token())) {
    refused_note(request->request_method, request->local_uri, request->remote_addr);
    send_text(c, 401, "Unauthorized", "text/plain; charset=utf-8",
              "This page needs the watch token: open the code on the device's screen, or ask the table for the "
              "link (seneschal watch-token).\n",
              "WWW-Authenticate: Bearer realm=\"seneschal\"\r\n");
    return 401;
  }
  const Route route = route_of(request->local_uri ? request->local_uri : "");
  // HEAD of the stream: its headers, without taking a page's place.
  if (route == Route::Events && method == "HEAD") {
    send_text(c, 200, "OK", "text/event-stream; charset=utf-8", "");
    return 200;
  }
  switch (route) {
    case Route::Board: return send_page(c, "board.html");
    case Route::Overlay: return send_page(c, "overlay.html");
    case Route::Events: return stream_events(c, given);
    case Route::State: {
      std::shared_ptr<const std::string> message;
      {
        std::lock_guard lock(mutex_);
        message = message_;
      }
      if (!message) {
        send_text(c, 503, "Service Unavailable", "text/plain; charset=utf-8", "the board is not drawn yet\n");
        return 503;
      }
      send_text(c, 200, "OK", "application/json", *message);
      return 200;
    }
    case Route::NotFound: break;
  }
  count(&ServerStats::not_found);
  send_text(c, 404, "Not Found", "text/plain; charset=utf-8", "not a page of the watch: /, /overlay, /state.json, /events\n");
  return 404;
}

int Server::send_page(mg_connection* c, const std::string& template_name) {
  const fs::path dir(options_.pages_dir);
  const auto page = read_text(dir / template_name);
  auto nonce = new_token();
  Result<std::string> expanded = page && nonce ? expand_page(*page, *nonce, [&](std::string_view name) {
    return read_text(dir / std::string(name));
  })
                                               : Result<std::string>(fail("missing"));
  if (!expanded) {
    log::error("watch page: {}: {}", (dir / template_name).string(),
               page ? expanded.error().message : std::string("cannot read it"));
    send_text(c, 500, "Internal Server Error", "text/plain; charset=utf-8", "the watch page's files are missing\n");
    return 500;
  }
  // Only the page's own inline script and style run (their nonce), it connects only to this
  // server, and nothing else loads: a card title that smuggled markup in would still not run.
  const std::string policy = fmt::format(
      "Content-Security-Policy: default-src 'none'; script-src 'nonce-{0}'; style-src 'nonce-{0}'; connect-src "
      "'self'; img-src data:; base-uri 'none'; form-action 'none'\r\n",
      *nonce);
  send_text(c, 200, "OK", "text/html; charset=utf-8", *expanded, policy);
  return 200;
}

// Whether a place is free for one more stream. With every place taken, the streams are asked to
// prove their pages are still there: a page that went away (a reload, a closed tab) is only
// noticed when a write to it fails, and the first write after the close still succeeds, so each
// stream writes twice, a round trip apart. Without this a reloaded page would wait for the
// keep-alive pings, up to half a minute, behind its own old stream.
bool Server::admit(std::uint64_t& probed) {
  std::unique_lock lock(mutex_);
  if (stats_.pages_open >= options_.max_pages) {
    ++probe_;
    changed_.notify_all();
    changed_.wait_for(lock, std::chrono::milliseconds(kProbeWaitMs),
                      [&] { return stopping_ || stats_.pages_open < options_.max_pages; });
  }
  if (stopping_ || stats_.pages_open >= options_.max_pages) {
    ++stats_.busy;
    return false;
  }
  ++stats_.pages_open;
  // The probes this stream has answered, as of its admission: one asked while its thread is still
  // writing the headers is answered too (taken later, a page closed at once held its place).
  probed = probe_;
  return true;
}

int Server::stream_events(mg_connection* c, const std::string& token) {
  std::uint64_t probed = 0;
  if (!admit(probed)) {
    send_text(c, 503, "Service Unavailable", "text/plain; charset=utf-8",
              fmt::format("{} pages are watching already, the most this device serves\n", options_.max_pages),
              "Retry-After: 5\r\n");
    return 503;
  }
  mg_printf(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n%s\r\n", kCommonHeaders);
  const std::string ping = "event: ping\ndata: {}\n\n";
  const auto write = [&](const std::string& text) {
    return mg_write(c, text.data(), text.size()) == static_cast<int>(text.size());
  };
  // When the stream ends (its life, a restart), the page's EventSource comes back after 1 s.
  bool open = write("retry: 1000\n\n");
  std::uint64_t sent = 0;
  const std::int64_t opened_ms = steady_now_ms();
  std::int64_t written_ms = opened_ms;
  while (open) {
    std::shared_ptr<const std::string> message;
    bool probe = false;
    {
      // Woken by a view, a probe or a stop; else at least once a second, so that a rotated token
      // ends the stream within about a second however still the board.
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, std::chrono::milliseconds(kTokenCheckMs),
                        [&] { return stopping_ || version_ != sent || probe_ != probed; });
      if (stopping_) break;
      if (version_ != sent) {
        message = message_;
        sent = version_;
      }
      probe = probe_ != probed;
      probed = probe_;
    }
    // A rotated token ends the pages opened with the old one; their reconnection is refused.
    if (!same_token(token, current_token())) break;
    const std::int64_t now = steady_now_ms();
    if (now - opened_ms >= options_.stream_life_ms) break;
    if (probe) {
      open = write(ping);
      if (open) std::this_thread::sleep_for(std::chrono::milliseconds(kProbeGapMs));
    }
    // A ping, not a comment, on a quiet stream: the page sees it, and reconnects when even pings stop.
    if (message) {
      open = open && write("event: view\ndata: " + *message + "\n\n");
      if (open) count(&ServerStats::views_sent);
    } else if (probe || now - written_ms >= options_.keep_alive_ms) {
      open = open && write(ping);
    } else {
      continue;
    }
    written_ms = now;
  }
  {
    std::lock_guard lock(mutex_);
    --stats_.pages_open;
  }
  changed_.notify_all();  // a page waiting for a place
  return 200;
}

}  // namespace seneschal::firmware::watch
