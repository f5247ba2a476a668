// The bot "engine": another program run as a child process and spoken to in
// docs/ENGINE-PROTOCOL.md. Before each decision it is sent the position and a `go`; its `bestmove`
// is the bot's action. One socket pair is the child's stdin and stdout, so that writing to an
// engine that died is an error here rather than a SIGPIPE that would end Quartel.
#include "cli/external_engine.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "ai/bot.h"
#include "core/error.h"
#include "core/text.h"

namespace quartel::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kLongestLine = 1 << 20;  // a position or record is a few kilobytes

// A program started with `/bin/sh -c COMMAND`, its stdin and stdout one socket here.
class EngineProcess {
 public:
  explicit EngineProcess(const std::string& command) : command_(command) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
      throw Error(fmt::format("engine '{}': no socket pair: {}", command_, std::strerror(errno)));
    }
    const char* shell_command = command_.c_str();
    pid_ = fork();
    if (pid_ < 0) {
      close(fds[0]);
      close(fds[1]);
      throw Error(fmt::format("engine '{}': cannot start it: {}", command_, std::strerror(errno)));
    }
    if (pid_ == 0) {  // the child: only async-signal-safe calls until exec
      dup2(fds[1], STDIN_FILENO);
      dup2(fds[1], STDOUT_FILENO);
      execl("/bin/sh", "sh", "-c", shell_command, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    fd_ = fds[0];
  }

  ~EngineProcess() {
    try {
      Send("quit");
    } catch (const Error&) {
      // already gone
    }
    close(fd_);
    const auto deadline = Clock::now() + std::chrono::seconds(2);
    int status = 0;
    while (Clock::now() < deadline) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }

  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  void Send(const std::string& line) {
    const std::string data = line + "\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t n = send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw Error(fmt::format("engine '{}' is gone: it exited", command_));
      sent += static_cast<std::size_t>(n);
    }
  }

  // The next line the engine writes, without its line end. Throws when it exits or writes no
  // whole line before `deadline`. While waiting, once `*stop` is set, `on_stop` runs (once).
  std::string ReadLine(Clock::time_point deadline, const std::atomic<bool>* stop = nullptr,
                       const std::function<void()>& on_stop = {}) {
    bool stop_told = false;
    for (;;) {
      const std::size_t end = buffer_.find('\n');
      if (end != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (buffer_.size() > kLongestLine) {
        throw Error(
            fmt::format("engine '{}' wrote a line of over {} bytes", command_, kLongestLine));
      }
      if (stop && !stop_told && stop->load()) {
        stop_told = true;
        if (on_stop) on_stop();
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) throw Error(fmt::format("engine '{}' did not answer in time", command_));
      pollfd ready{fd_, POLLIN, 0};
      const int polled = poll(&ready, 1, static_cast<int>(std::min<long long>(left, 50)));
      if (polled < 0 && errno != EINTR) {
        throw Error(fmt::format("engine '{}': {}", command_, std::strerror(errno)));
      }
      if (polled <= 0) continue;
      char chunk[4096];
      const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw Error(fmt::format("engine '{}' exited", command_));
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  std::string command_;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string buffer_;
};

class ExternalEngineBot : public ai::Bot {
 public:
  ExternalEngineBot(const engine::Game& game, const std::map<std::string, std::string>& params,
                    std::uint64_t seed)
      : game_id_(game.info().id),
        options_(game.options().ToString()),
        spec_(ai::FormatBotSpec("engine", params)),
        seed_(seed) {
    const auto cmd = params.find("cmd");
    if (cmd == params.end() || cmd->second.empty()) {
      throw Error(
          "bot 'engine' needs cmd=COMMAND, the program to run (e.g. 'engine:cmd=quartel "
          "engine,bot=expert')");
    }
    command_ = cmd->second;
    if (const auto bot = params.find("bot"); bot != params.end()) engine_bot_ = bot->second;
    if (params.contains("ms") && params.contains("iterations")) {
      throw Error("bot 'engine': give ms or iterations, not both");
    }
    if (const auto ms = params.find("ms"); ms != params.end()) {
      ms_ = ai::ParseBotInteger("engine", "ms", ms->second, 1, 600'000);
    }
    if (const auto iterations = params.find("iterations"); iterations != params.end()) {
      iterations_ =
          ai::ParseBotInteger("engine", "iterations", iterations->second, 1, 1'000'000'000);
    }
  }

  engine::Action ChooseAction(const engine::SeatHandle& seat) override {
    if (!process_) Start();
    // The seat's view and nothing else (docs/ENGINE-PROTOCOL.md, "Hidden information"); in a
    // perfect-information game it is the whole position.
    process_->Send(fmt::format("position view {} {}", seat.viewer(), seat.ViewPositionText()));
    Sync("position view");
    process_->Send(iterations_ ? fmt::format("go iterations {}", iterations_)
                               : fmt::format("go ms {}", ms_));
    // An iteration budget reads no clock: a long allowance, and the stop flag still ends it.
    const auto deadline =
        Clock::now() + (iterations_ ? std::chrono::milliseconds(600'000)
                                    : std::chrono::milliseconds(ms_) + std::chrono::seconds(10));
    for (;;) {
      const std::string line =
          process_->ReadLine(deadline, stop_, [this] { process_->Send("stop"); });
      if (line.starts_with("error ")) Refused("go", line.substr(6));
      if (!line.starts_with("bestmove ")) continue;  // info lines
      const std::string move(Trim(std::string_view(line).substr(9)));
      try {
        const std::vector<engine::Action> actions = seat.ParseTurn(move, seat.version());
        if (actions.empty()) throw Error("no action");
        // A command of several actions (a jump chain): its first; the engine is asked again for
        // the rest of the turn.
        return actions.front();
      } catch (const Error& e) {
        throw Error(fmt::format("engine '{}' answered 'bestmove {}', not a legal move here: {}",
                                command_, move, e.what()));
      }
    }
  }

  std::string Spec() const override { return spec_; }
  void SetStopFlag(const std::atomic<bool>* stop) override { stop_ = stop; }

 private:
  // The handshake and the game: once, at the first decision (specs are also built only to be
  // checked, and those start nothing).
  void Start() {
    process_ = std::make_unique<EngineProcess>(command_);
    process_->Send("quartel");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    for (;;) {
      const std::string line = process_->ReadLine(deadline);
      if (line == "quartelok") break;
    }
    if (!engine_bot_.empty()) process_->Send("setoption name bot value " + engine_bot_);
    process_->Send(fmt::format("setoption name seed value {}", seed_));
    process_->Send(fmt::format("newgame {} {}", game_id_, options_));
    Sync("the game (setoption, newgame)");
  }

  // isready, then readyok: the commands before it were read; an error among them throws.
  void Sync(std::string_view what) {
    process_->Send("isready");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    for (;;) {
      const std::string line = process_->ReadLine(deadline);
      if (line == "readyok") return;
      if (line.starts_with("error ")) Refused(what, line.substr(6));
    }
  }

  [[noreturn]] void Refused(std::string_view what, std::string_view why) const {
    throw Error(fmt::format("engine '{}' refused {}: {}", command_, what, why));
  }

  std::string game_id_, options_, spec_, command_, engine_bot_;
  std::uint64_t seed_;
  std::int64_t ms_ = 100, iterations_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  std::unique_ptr<EngineProcess> process_;
};

}  // namespace

void RegisterCommandLineBots() {
  ai::RegisterBuiltinBots();
  static std::once_flag once;
  std::call_once(once, [] {
    ai::RegisterBot(
        {"engine",
         "another program speaking docs/ENGINE-PROTOCOL.md, sent its seat's view only: "
         "cmd=COMMAND (run by /bin/sh), bot=SPEC (its setoption bot), ms=N or iterations=N a "
         "decision (default ms=100); in quartel arena, ladder and play, never on the server",
         [](const engine::Game& game, const std::map<std::string, std::string>& params,
            std::uint64_t seed) -> std::unique_ptr<ai::Bot> {
           return std::make_unique<ExternalEngineBot>(game, params, seed);
         },
         {"cmd", "bot", "ms", "iterations"}});
  });
}

}  // namespace quartel::cli
