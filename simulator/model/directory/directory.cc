// directory.cc — see directory.h.
#include "directory.h"

#include <algorithm>
#include <atomic>
#include <cctype>

#include "clock.h"
#include "crypto.h"
#include "sim_strings.h"

namespace psim {
namespace {

bool usernameTaken(const World &w, std::string_view name) { return findUserByName(w, name) != nullptr; }

uint64_t newPublisher(World &w) {
    const uint64_t id = clock::nextSnowflake();
    w.dir.publishers.insert(id);
    return id;
}

const char *avatarExt(int32_t type) {
    switch (type) {
    case Platform_UserHandle_AvatarType_Gif: return "gif";
    case Platform_UserHandle_AvatarType_Webp: return "webp";
    case Platform_UserHandle_AvatarType_Jpeg: return "jpg";
    case Platform_UserHandle_AvatarType_Png:
    default: return "png";
    }
}

}  // namespace

User *findUser(World &w, uint64_t id) {
    auto it = w.dir.users.find(id);
    return it == w.dir.users.end() ? nullptr : &it->second;
}

std::string usernameKey(std::string_view username) {
    std::string out(username);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

const User *findUserByName(const World &w, std::string_view username) {
    std::string key = usernameKey(username);
    auto it = w.dir.byName.lower_bound({key, 0});
    if (it == w.dir.byName.end() || it->first != key) return nullptr;
    auto u = w.dir.users.find(it->second);
    return u == w.dir.users.end() ? nullptr : &u->second;
}

User &addUser(World &w, User u) {
    const uint64_t id = u.id;
    eraseUser(w, id);
    w.dir.byName.emplace(usernameKey(u.username), id);
    return w.dir.users.emplace(id, std::move(u)).first->second;
}

void eraseUser(World &w, uint64_t id) {
    auto it = w.dir.users.find(id);
    if (it == w.dir.users.end()) return;
    w.dir.byName.erase({usernameKey(it->second.username), id});
    w.dir.users.erase(it);
}

void touchUser(User &u) {
    static std::atomic<uint64_t> last{0};  // never reset: no version is ever given twice
    u.version = last.fetch_add(1, std::memory_order_relaxed) + 1;
}

Application *findApp(World &w, uint64_t id) {
    auto it = w.dir.apps.find(id);
    return it == w.dir.apps.end() ? nullptr : &it->second;
}

Application &ensureApp(World &w, uint64_t id) {
    if (Application *a = findApp(w, id)) return *a;
    Application app;
    app.id = id;
    app.name = "Application " + std::to_string(id);
    app.publisherId = newPublisher(w);
    app.autoRegistered = true;
    return w.dir.apps.emplace(id, std::move(app)).first->second;
}

const char *usernameProblem(const std::string &username) {
    const auto len = utf8Length(username);
    if (!len || *len < kMinUsernameChars || *len > kMaxUsernameChars) return "must be 2-32 characters of valid UTF-8";
    bool blank = true;
    for (const char c : username) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7f) return "must not contain control characters";
        blank = blank && b == ' ';
    }
    if (blank) return "must not be blank";
    return nullptr;
}

uint64_t createUser(World &w, std::string username, std::string displayName, bool provisional, std::string *err) {
    if (username.empty() && provisional) {
        // Same naming as provisional accounts the platform creates itself.
        const uint64_t id = createProvisionalUser(w, 0);
        if (!displayName.empty()) {
            User &u = w.dir.users[id];
            u.globalName = std::move(displayName);
            touchUser(u);
        }
        return id;
    }
    if (const char *why = usernameProblem(username)) {
        *err = std::string("400: username ") + why;
        return 0;
    }
    if (!utf8Length(displayName)) {
        *err = "displayName must be valid UTF-8";
        return 0;
    }
    if (usernameTaken(w, username)) {
        *err = "409: username already taken";
        return 0;
    }
    User u;
    u.id = clock::nextSnowflake();
    u.username = std::move(username);
    u.globalName = std::move(displayName);
    u.provisional = provisional;
    // Full accounts get a (static) custom avatar; provisional ones keep the default avatar.
    if (!provisional) u.avatarHash = crypto::sha256Hex("avatar:" + std::to_string(u.id)).substr(0, 32);
    touchUser(u);
    return addUser(w, std::move(u)).id;
}

uint64_t createProvisionalUser(World &w, uint64_t restrictedByBanOf) {
    std::string name;
    uint32_t n = 0;
    do {
        n = ++w.dir.provisionalCounter;
        name = "provisional-" + std::to_string(n);
    } while (usernameTaken(w, name));
    User u;
    u.id = clock::nextSnowflake();
    u.username = std::move(name);
    u.globalName = "Player " + std::to_string(n);
    u.provisional = true;
    u.restrictedByBanOf = restrictedByBanOf;
    touchUser(u);
    return addUser(w, std::move(u)).id;
}

const char *applicationParentProblem(const Application &parent, uint64_t publisherId) {
    // Publisher-level linking: a child belongs to its parent's publisher.
    if (publisherId != 0 && publisherId != parent.publisherId) return "a child application must belong to its parent's publisher";
    return nullptr;
}

uint64_t createApplication(World &w, std::string name, uint64_t publisherId, uint64_t parentId,
                           std::string coverImage, std::string *err) {
    const Application *parent = nullptr;
    if (parentId != 0) {
        parent = findApp(w, parentId);
        if (parent == nullptr) {
            *err = "unknown parent application " + std::to_string(parentId);
            return 0;
        }
    }
    if (publisherId != 0 && w.dir.publishers.count(publisherId) == 0) {
        *err = "unknown publisher " + std::to_string(publisherId);
        return 0;
    }
    if (const char *why = parent != nullptr ? applicationParentProblem(*parent, publisherId) : nullptr) {
        *err = why;
        return 0;
    }
    Application app;
    app.id = clock::nextSnowflake();
    app.name = name.empty() ? "Application " + std::to_string(app.id) : std::move(name);
    app.publisherId = parent != nullptr ? parent->publisherId : (publisherId != 0 ? publisherId : newPublisher(w));
    app.parentId = parentId;
    app.coverImage = std::move(coverImage);
    const uint64_t id = app.id;
    w.dir.apps.emplace(id, std::move(app));
    return id;
}

std::string avatarUrl(const User &u, int32_t animatedType, int32_t staticType) {
    if (u.avatarHash.empty()) {
        return std::string(kCdnBase) + "/embed/avatars/" + std::to_string((u.id >> 22) % 6) + ".png";
    }
    const bool animated = u.avatarHash.rfind("a_", 0) == 0;
    return std::string(kCdnBase) + "/avatars/" + std::to_string(u.id) + "/" + u.avatarHash + "." +
           avatarExt(animated ? animatedType : staticType);
}

const char *avatarTypeName(int32_t type) {
    switch (type) {
    case Platform_UserHandle_AvatarType_Gif: return "Gif";
    case Platform_UserHandle_AvatarType_Webp: return "Webp";
    case Platform_UserHandle_AvatarType_Png: return "Png";
    case Platform_UserHandle_AvatarType_Jpeg: return "Jpeg";
    default: return "Unknown";
    }
}

}  // namespace psim
