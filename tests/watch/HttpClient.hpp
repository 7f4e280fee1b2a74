#pragma once
// A plain HTTP/1.1 client over a socket for the watch server's tests: what a browser or a
// stranger sends, byte for byte, with a timeout on every read so a test cannot hang.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <string>

namespace seneschal::test {

class HttpConnection {
 public:
  explicit HttpConnection(int port, int timeout_ms = 5000) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~HttpConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  bool connected() const { return connected_; }
  // Bytes written, or -1 once the other side closed or reset.
  long send(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
      if (n <= 0) return -1;
      done += static_cast<std::size_t>(n);
    }
    return static_cast<long>(done);
  }
  // Reads until `until` appears in what came, the other side closes, or the timeout.
  std::string read_until(const std::string& until) {
    while (received_.find(until) == std::string::npos) {
      char buffer[4096];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        closed_ = n == 0;
        break;
      }
      received_.append(buffer, static_cast<std::size_t>(n));
    }
    return received_;
  }
  std::string read_all() { return read_until(std::string(1, '\0') + "never"); }
  bool closed() const { return closed_; }
  void forget() { received_.clear(); }

 private:
  int fd_ = -1;
  bool connected_ = false;
  bool closed_ = false;
  std::string received_;
};

struct HttpAnswer {
  int status = 0;
  std::string head;
  std::string body;
};

inline HttpAnswer parse_answer(const std::string& text) {
  HttpAnswer answer;
  const auto end = text.find("\r\n\r\n");
  answer.head = text.substr(0, end);
  if (end != std::string::npos) answer.body = text.substr(end + 4);
  if (text.rfind("HTTP/1.1 ", 0) == 0 && text.size() >= 12) answer.status = std::stoi(text.substr(9, 3));
  return answer;
}

inline HttpAnswer http_get(int port, const std::string& target, const std::string& headers = {}) {
  HttpConnection connection(port);
  connection.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n");
  return parse_answer(connection.read_all());
}

}  // namespace seneschal::test
