#pragma once
// The watch page (README, "Watching a game"): off unless [watch] listen or --watch asks for it,
// then an HTTP server (civetweb) in the daemon that serves a read-only page of the board, a
// stream overlay, the view as JSON and an event stream of views, to requests that carry the
// token. No request changes anything: the server has no way to reach the game, only the last
// view the daemon published.
//
// Why civetweb and not cpp-httplib (both in Debian 12): civetweb's accept thread hands
// connections to a fixed set of workers through a bounded queue (`connection_queue`) and then
// leaves the rest in the kernel's backlog, so a thousand connections cost the daemon a bounded
// number of file descriptors and threads; Debian's cpp-httplib 0.11 accepts every connection and
// queues it without a bound (its limit came in 0.15). civetweb also bounds a request's headers
// (`max_request_size`) and times a silent client out (`request_timeout_ms`).
//
// The daemon's loop only ever calls publish(), which swaps in the new view under a short lock and
// wakes the event streams: a slow or stuck page costs its own worker thread, never the loop.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/view.hpp"
#include "seneschal/firmware/watch/watch_token.hpp"

struct mg_context;
struct mg_connection;

namespace seneschal::firmware::watch {

struct ServerOptions {
  std::string listen = "127.0.0.1:8080";  // HOST:PORT, an IPv4 host (Debian's civetweb has no IPv6); port 0: any free one
  std::string state_dir;                  // holds the token file
  std::string pages_dir;                  // assets/watch: the page templates, scripts and styles
  int max_pages = 20;                     // event streams open at once; more get 503
  // Threads beside the streams' (page loads, state.json); what waits beyond them queues.
  int spare_workers = 4;
  int request_timeout_ms = 5000;          // a client silent (or not reading) this long is dropped
  int keep_alive_ms = 15000;              // a ping event on an idle stream this often
  // A stream ends after this long and its page connects again at once: a page that vanished
  // without closing (a phone that left the Wi-Fi, whose kernel no longer answers) holds its
  // place no longer than this, whatever TCP's own patience.
  int stream_life_ms = 10 * 60 * 1000;
};

// What the server has seen, for the summary, the tests and the figures.
struct ServerStats {
  std::uint64_t requests = 0;
  std::uint64_t refused = 0;      // 401: no token or a wrong one
  std::uint64_t not_found = 0;
  std::uint64_t busy = 0;         // 503: more pages than max_pages
  std::uint64_t views_sent = 0;   // event-stream messages written
  int pages_open = 0;             // event streams open now
  std::uint64_t published = 0;    // views the daemon published that differed from the last
};

// "http://HOST:PORT/" as a phone would open it for a listen address HOST:PORT: the host, or for
// 0.0.0.0 this machine's first address on a network (loopback when it has none).
std::string page_address(const std::string& listen, int port);

class Server {
 public:
  // Binds and starts; an address that cannot be bound (in use, not this machine's, a malformed
  // one) is an error naming it.
  static Result<std::unique_ptr<Server>> start(const ServerOptions& options, std::string token);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The view the screen has just drawn, with the wall-clock time it was drawn at and how long the
  // drawing took (the screen's own delay, for the figures). Views that would look the same on the
  // page (a running timer only ticked down) are not sent again.
  void publish(const engine::ViewModel& view, std::int64_t drawn_wall_ms, std::int64_t drawing_ms = 0);

  // The port bound (the asked one, or the free one port 0 found).
  int port() const { return port_; }
  // page_address() of the listen address and the bound port.
  std::string base_url() const { return page_address(options_.listen, port_); }
  // The base URL with ?token=: what the code on the screen opens; empty while there is no
  // token to give (the token file unreadable or spoiled: every page is refused then).
  std::string invite_url();
  ServerStats stats() const;

 private:
  explicit Server(ServerOptions options, std::string token);
  static int on_request(mg_connection* connection);
  int handle(mg_connection* connection);
  int stream_events(mg_connection* connection, const std::string& token);
  bool admit(std::uint64_t& probed);  // probed: the probes asked so far, when admitted
  int send_page(mg_connection* connection, const std::string& template_name);
  std::string current_token();
  void count(std::uint64_t ServerStats::*field);
  void refused_note(const char* method, const char* uri, const char* from);

  ServerOptions options_;
  mg_context* context_ = nullptr;
  int port_ = 0;

  // The token file has a lock of its own: reading it (once a second at most) never holds up
  // publish(), which takes only mutex_.
  std::mutex token_mutex_;
  TokenFile token_file_;

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  std::shared_ptr<const std::string> message_;  // the last published view, as sent
  std::string last_key_;                        // what it looks like, for "the same again"
  std::uint64_t version_ = 0;
  std::string run_;  // this run of the daemon, in every view
  std::uint64_t probe_ = 0;  // asks every stream to show its page is still there (admit())
  static constexpr int kProbeWaitMs = 400;  // how long a new page waits for a place freed by a probe
  static constexpr int kProbeGapMs = 50;    // between a probe's two writes: a LAN's round trip, many times
  static constexpr int kTokenCheckMs = 1000;  // a stream looks at the token at least this often
  bool stopping_ = false;
  ServerStats stats_;
  std::int64_t refusals_said_at_ms_ = -60000;
  std::uint64_t refusals_unsaid_ = 0;
};

}  // namespace seneschal::firmware::watch
