// log.cc — see log.h.
#include "log.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "clock.h"
#include "guard.h"
#include "log_filter.h"
#include "sim_strings.h"

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#ifndef PLATFORM_SIM_DEBUG_BUILD
#define PLATFORM_SIM_DEBUG_BUILD 0
#endif

namespace psim::log {
namespace {

// Bound on undelivered lines: past it new lines are dropped rather than growing without limit
// when a sink is slower than the producers.
constexpr size_t kMaxQueuedLines = 100000;

// A log file the SDK appends to. It never keeps the user's folder locked: the log thread closes it
// whenever its queue runs empty (LogFile::close), and on Windows it is opened with delete and
// write sharing, so that the folder can be deleted, renamed or rotated while a client lives; the
// next line then opens (and creates) the file anew. The path is a std::filesystem::path built
// from UTF-8, so Windows opens it through the wide-character API, never the ANSI code page.
class LogFile {
public:
    explicit LogFile(std::filesystem::path path) : path_(std::move(path)) {}
    LogFile(const LogFile &) = delete;
    LogFile &operator=(const LogFile &) = delete;
    ~LogFile() { close(); }

    bool append(const std::string &bytes) {
        if (!open()) return false;
#if defined(_WIN32)
        DWORD written = 0;
        return WriteFile(handle_, bytes.data(), static_cast<DWORD>(bytes.size()), &written, nullptr) != 0 &&
               written == bytes.size();
#else
        return std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size() && std::fflush(file_) == 0;
#endif
    }

    // Opens (creating the file if needed) and reports whether that worked.
    bool open() {
#if defined(_WIN32)
        if (handle_ != INVALID_HANDLE_VALUE) return true;
        handle_ = CreateFileW(path_.c_str(), FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                              nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        return handle_ != INVALID_HANDLE_VALUE;
#else
        if (file_) return true;
        file_ = std::fopen(path_.c_str(), "ab");
        return file_ != nullptr;
#endif
    }

    void close() {
#if defined(_WIN32)
        if (handle_ != INVALID_HANDLE_VALUE) CloseHandle(handle_);
        handle_ = INVALID_HANDLE_VALUE;
#else
        if (file_) std::fclose(file_);
        file_ = nullptr;
#endif
    }

private:
    std::filesystem::path path_;
#if defined(_WIN32)
    HANDLE handle_ = INVALID_HANDLE_VALUE;
#else
    std::FILE *file_ = nullptr;
#endif
};

struct Sink {
    uint64_t id = 0;
    uint64_t clientKey = 0;
    bool voice = false;
    int32_t minSeverity = kInfo;
    Callback cb;         // callback sink, or
    std::unique_ptr<LogFile> file;  // file sink (only the log thread writes or closes it)
    bool isFile = false;
    std::atomic<bool> alive{true};
};

struct Line {
    uint64_t clientKey = 0;  // 0 = every client
    uint64_t sinkId = 0;     // 0 = every matching sink
    bool voice = false;
    int32_t severity = kInfo;
    std::string text;
    uint64_t timeMs = 0;
    bool filter = true;  // the token filter setting when the line was emitted
};

std::string isoTime(uint64_t ms) {
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    const int64_t days = static_cast<int64_t>(ms / 86400000ULL);
    const uint64_t msOfDay = ms % 86400000ULL;
    const int64_t z = days + 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const int64_t m = mp < 10 ? mp + 3 : mp - 9;
    const int64_t y = yoe + era * 400 + (m <= 2 ? 1 : 0);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02llu:%02llu:%02llu.%03lluZ",
                  static_cast<long long>(y), static_cast<long long>(m), static_cast<long long>(d),
                  static_cast<unsigned long long>(msOfDay / 3600000),
                  static_cast<unsigned long long>(msOfDay / 60000 % 60),
                  static_cast<unsigned long long>(msOfDay / 1000 % 60),
                  static_cast<unsigned long long>(msOfDay % 1000));
    return buf;
}

int32_t clampMin(int32_t s) { return s < kVerbose ? kVerbose : (s > kNone ? kNone : s); }

class Logger {
public:
    void emit(uint64_t clientKey, int32_t severity, std::string text, uint64_t sinkId = 0,
              bool voice = false) {
        if (severity < kVerbose || severity > kError) return;
        const uint64_t t = clock::now();
        std::lock_guard lk(mu_);
        if (!debug_ && severity < kWarning) return;
        if (clientKey != 0 && clients_.count(clientKey) == 0) return;
        const bool wanted = std::any_of(sinks_.begin(), sinks_.end(), [&](const auto &s) {
            return (clientKey == 0 || s->clientKey == clientKey) && (sinkId == 0 || s->id == sinkId) &&
                   s->voice == voice && severity >= s->minSeverity;
        });
        if (!wanted || queue_.size() >= kMaxQueuedLines) return;
        queue_.push_back(Line{clientKey, sinkId, voice, severity, std::move(text), t, filterOn_});
        wake_.notify_one();
    }

    void addSink(std::shared_ptr<Sink> sink) {
        std::shared_ptr<Sink> rejected;  // released after the unlock: its fn_free is user code
        std::lock_guard lk(mu_);
        if (clients_.count(sink->clientKey) == 0) {
            rejected = std::move(sink);
            return;
        }
        sink->id = nextSinkId_++;
        if (sink->isFile) {
            for (auto &s : sinks_) {
                if (s->clientKey == sink->clientKey && s->isFile && s->voice == sink->voice) s->alive = false;
            }
            std::erase_if(sinks_, [](const auto &s) { return !s->alive; });
        }
        const uint64_t id = sink->id;
        const bool voice = sink->voice;
        const uint64_t client = sink->clientKey;
        sinks_.push_back(std::move(sink));
        if (debug_ && !voice) {
            queue_.push_back(Line{client, id, false, kWarning, kDebugBuildWarning, clock::now(), true});
            wake_.notify_one();
        }
    }

    void clientCreated(uint64_t key) {
        std::lock_guard lk(mu_);
        clients_.insert(key);
        if (!thread_.joinable()) {
            const uint64_t gen = ++generation_;
            thread_ = std::thread([this, gen] { run(gen); });
        }
    }

    // Never waits for a delivery in flight (sdk-abi rule: no entry point blocks on a callback
    // running on another thread; an FFI binding's log callback may itself be waiting for the
    // thread that calls Drop). The client's sinks are unlinked here; a delivery already running
    // holds its own reference, so the last of the two to let go releases the triple (fn_free)
    // right after that delivery returns.
    void clientDropped(uint64_t key) {
        std::vector<std::shared_ptr<Sink>> removed;  // released after the unlock: fn_free is user code
        std::thread toJoin;
        {
            std::lock_guard lk(mu_);
            clients_.erase(key);
            for (auto &s : sinks_) {
                if (s->clientKey == key) {
                    s->alive = false;
                    removed.push_back(s);
                }
            }
            std::erase_if(sinks_, [key](const auto &s) { return s->clientKey == key; });
            std::erase_if(queue_, [key](const Line &l) { return l.clientKey == key; });
            // The last client stops the thread: an idle thread is joined (it exits as soon as it
            // sees the new generation); a thread inside a delivery is detached and exits by itself
            // after it, touching only this immortal logger.
            if (clients_.empty() && thread_.joinable()) {
                ++generation_;
                queue_.clear();
                wake_.notify_all();
                if (delivering_ == 0) {
                    toJoin = std::move(thread_);
                } else {
                    thread_.detach();
                }
            }
        }
        removed.clear();
        if (toJoin.joinable()) toJoin.join();
    }

    void registerSecret(std::string_view s) {
        std::lock_guard lk(mu_);
        secrets_.add(s);
    }
    void forgetSecret(std::string_view s) {
        std::lock_guard lk(mu_);
        secrets_.remove(s);
    }
    size_t secretCount() {
        std::lock_guard lk(mu_);
        return secrets_.size();
    }
    void setFilter(bool on) {
        std::lock_guard lk(mu_);
        filterOn_ = on;
    }
    void setDebug(bool on) { debug_.store(on, std::memory_order_relaxed); }
    bool idle() {
        std::lock_guard lk(mu_);
        return queue_.empty() && delivering_ == 0;
    }
    bool debug() const { return debug_.load(std::memory_order_relaxed); }

private:
    void run(uint64_t gen) noexcept {
        std::unique_lock lk(mu_);
        for (;;) {
            wake_.wait(lk, [&] { return generation_ != gen || !queue_.empty(); });
            if (generation_ != gen) return;
            Line line = std::move(queue_.front());
            queue_.pop_front();
            std::vector<std::shared_ptr<Sink>> targets;
            for (const auto &s : sinks_) {
                if (s->alive && (line.clientKey == 0 || s->clientKey == line.clientKey) &&
                    (line.sinkId == 0 || s->id == line.sinkId) && s->voice == line.voice &&
                    line.severity >= s->minSeverity) {
                    targets.push_back(s);
                }
            }
            std::string text;
            try {
                text = line.filter ? secrets_.apply(line.text) : line.text;
            } catch (...) {
                continue;  // out of memory: drop the line
            }
            ++delivering_;
            lk.unlock();
            for (const auto &s : targets) {
                if (s->alive) deliver(*s, line, text);
            }
            targets.clear();  // may run fn_free of a sink whose client was dropped meanwhile
            lk.lock();
            --delivering_;
            // Idle (nothing queued, no delivery in flight on any log thread): no file stays open,
            // so the user can delete or rotate the log folder (Windows: a sharing violation).
            if (queue_.empty() && delivering_ == 0) {
                for (const auto &s : sinks_) {
                    if (s->file) s->file->close();
                }
            }
        }
    }

    static void deliver(Sink &s, const Line &line, const std::string &text) noexcept {
        try {
            if (s.isFile) {
                s.file->append('[' + isoTime(line.timeMs) + "] [" + severityName(line.severity) + "] " + text + '\n');
            } else if (s.cb) {
                const Platform_String msg = allocString(text);
                s.cb.as<Platform_Client_LogCallback>()(msg, toEnum<Platform_LoggingSeverity>(line.severity),
                                                       s.cb.userData());
            }
        } catch (...) {
            // A failing sink must not take the log thread down.
        }
    }

    std::mutex mu_;
    std::condition_variable wake_;
    std::deque<Line> queue_;
    std::vector<std::shared_ptr<Sink>> sinks_;
    std::set<uint64_t> clients_;
    SecretSet secrets_;
    bool filterOn_ = true;
    // Atomic, not under mu_: enabled() reads it on every request of every client, before any line
    // is built, and emit() checks it again under mu_ anyway.
    std::atomic<bool> debug_{PLATFORM_SIM_DEBUG_BUILD != 0};
    int delivering_ = 0;       // deliveries in flight (0 or 1 per thread)
    uint64_t generation_ = 0;  // a thread runs while this equals the value it was started with
    uint64_t nextSinkId_ = 1;
    std::thread thread_;
};

// Immortal: a joinable std::thread must not be destroyed during exit, and other libraries'
// static destructors may still log. The thread stops when the last client is dropped.
Logger &logger() {
    static Logger &l = *new Logger;
    return l;
}

}  // namespace

void emit(uint64_t clientKey, int32_t severity, std::string text) {
    logger().emit(clientKey, severity, std::move(text));
}

void emitVoice(uint64_t clientKey, int32_t severity, std::string text) {
    logger().emit(clientKey, severity, std::move(text), 0, true);
}

void addCallback(uint64_t clientKey, Callback cb, int32_t minSeverity, bool voice) {
    if (!cb) return;  // NULL fn: the triple is released by cb's destructor
    auto sink = std::make_shared<Sink>();
    sink->clientKey = clientKey;
    sink->voice = voice;
    sink->minSeverity = clampMin(minSeverity);
    sink->cb = std::move(cb);
    logger().addSink(std::move(sink));
}

bool setDir(uint64_t clientKey, const std::string &path, int32_t minSeverity, bool voice) {
    namespace fs = std::filesystem;
    if (path.empty()) return false;
    const fs::path dir(std::u8string(path.begin(), path.end()));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (!fs::is_directory(dir, ec)) return false;
    auto sink = std::make_shared<Sink>();
    sink->file = std::make_unique<LogFile>(dir / (voice ? "platform_sdk_voice.log" : "platform_sdk.log"));
    // Created now, so that a folder we cannot write to is reported here; closed until a line comes.
    if (!sink->file->open()) return false;
    sink->file->close();
    sink->clientKey = clientKey;
    sink->voice = voice;
    sink->isFile = true;
    sink->minSeverity = clampMin(minSeverity);
    logger().addSink(std::move(sink));
    return true;
}

void clientCreated(uint64_t clientKey) { logger().clientCreated(clientKey); }
void clientDropped(uint64_t clientKey) { logger().clientDropped(clientKey); }
void registerSecret(std::string_view secret) { logger().registerSecret(secret); }
void forgetSecret(std::string_view secret) { logger().forgetSecret(secret); }
size_t secretCount() { return logger().secretCount(); }
void setFilterEnabled(bool enabled) { logger().setFilter(enabled); }
bool idle() { return logger().idle(); }
void setDebugBuild(bool debug) { logger().setDebug(debug); }
bool debugBuild() { return logger().debug(); }
bool enabled(int32_t severity) { return severity >= kWarning || logger().debug(); }

const char *severityName(int32_t severity) {
    switch (severity) {
    case kVerbose: return "Verbose";
    case kInfo: return "Info";
    case kWarning: return "Warning";
    case kError: return "Error";
    case kNone: return "None";
    default: return "Unknown";
    }
}

}  // namespace psim::log

namespace psim {
void reportBoundaryException(const char *function, const char *what) noexcept {
    try {
        log::emit(0, log::kError, std::string("internal error in ") + function + ": " + what);
    } catch (...) {
    }
}
}  // namespace psim
