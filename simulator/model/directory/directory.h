// directory.h — users, applications and publishers of the simulated platform.
// All functions: world lock held.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "world.h"

namespace psim {

inline constexpr const char *kCdnBase = "https://cdn.platform.example";
inline constexpr size_t kMinUsernameChars = 2, kMaxUsernameChars = 32;

User *findUser(World &w, uint64_t id);
// The key usernames are compared by: each byte through std::tolower (ASCII letters fold).
std::string usernameKey(std::string_view username);
// The user (lowest id) whose username equals `username` case-insensitively; null when none.
const User *findUserByName(const World &w, std::string_view username);
// Adds (or replaces) a user record, keeping Directory::byName; eraseUser removes one.
User &addUser(World &w, User u);
void eraseUser(World &w, uint64_t id);
// Gives `u` a new version (User::version). Every write to a user record calls it afterwards.
void touchUser(User &u);
Application *findApp(World &w, uint64_t id);
// Any application id a client uses that is not registered becomes a standalone application
// (own new publisher, name "Application <id>"). id must not be 0.
Application &ensureApp(World &w, uint64_t id);

// Why `username` cannot be a user's name, as a predicate ("must …"; nullptr: it can): 2-32 characters of valid UTF-8, no
// control character, not blank. createUser and the world fixture loader both apply it.
const char *usernameProblem(const std::string &username);
// Returns 0 and sets *err on failure (usernameProblem, a duplicate username, bad UTF-8).
uint64_t createUser(World &w, std::string username, std::string displayName, bool provisional, std::string *err);
// "provisional-<n>" / "Player <n>"; restrictedByBanOf != 0 marks a ban-restricted account.
uint64_t createProvisionalUser(World &w, uint64_t restrictedByBanOf);
// Why an application of `publisherId` (0: its parent's, or a new one) cannot be the child of
// `parent` (nullptr: it can). createApplication and the world fixture loader both apply it.
const char *applicationParentProblem(const Application &parent, uint64_t publisherId);
uint64_t createApplication(World &w, std::string name, uint64_t publisherId, uint64_t parentId,
                           std::string coverImage, std::string *err);

std::string avatarUrl(const User &u, int32_t animatedType, int32_t staticType);
const char *avatarTypeName(int32_t type);

}  // namespace psim
