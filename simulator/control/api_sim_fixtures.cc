// api_sim_fixtures.cc — PlatformSim_WorldSave / WorldLoad / WorldView (platform_sim.h).
#include <string>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string_view>

#include "fixtures.h"
#include "guard.h"
#include "peer_clients.h"
#include "platform_sim.h"
#include "sim_strings.h"
#include "sim_support.h"
#include "world.h"

using namespace psim;

namespace {
bool saveWorld(const char *fn, Platform_String *outJson, bool withGrants) {
    return guard(fn, false, [&] {
        std::string text;
        {
            WorldLock lk;
            text = fixtures::save(lk.w, lk.now, withGrants);
        }
        if (t_callingPeer != 0 && text.size() > kMaxJoinedString) return fail(false, worldTooBigToCross(text.size()));
        writeOut(outJson, text);
        return true;
    });
}
}  // namespace

PLATFORM_API bool PlatformSim_WorldSave(Platform_String *outJson) { return saveWorld(__func__, outJson, false); }

PLATFORM_API bool PlatformSim_WorldSaveWithGrants(Platform_String *outJson) {
    return saveWorld(__func__, outJson, true);
}

PLATFORM_API bool PlatformSim_WorldLoad(Platform_String json) {
    return guard(__func__, false, [&] {
        if (json.size > fixtures::kMaxWorldBytes) return fail(false, "400: the document is larger than 128 MiB");
        // Not toStd: the document may be longer than the bound of other string arguments.
        const std::string_view text =
            json.ptr == nullptr ? std::string_view{} : std::string_view(reinterpret_cast<const char *>(json.ptr), json.size);
        std::string err;
        const bool loaded = fixtures::load(text, &err);
#ifdef __GLIBC__
        // The parsed document and its staging copy (several times the JSON's size) are freed by
        // now, but glibc keeps the pages: a 25 MB world left the process ~390 MB larger than the
        // same world built with controls. Hand them back (docs/simulator.md, "How large a world").
        malloc_trim(0);
#endif
        return loaded || fail(false, "400: " + err);
    });
}

PLATFORM_API bool PlatformSim_WorldView(Platform_String *outJson) {
    return guard(__func__, false, [&] {
        std::string text;
        {
            WorldLock lk;
            text = fixtures::view(lk.w, lk.now);
        }
        if (t_callingPeer != 0 && text.size() > kMaxJoinedString) return fail(false, worldTooBigToCross(text.size()));
        writeOut(outJson, text);
        return true;
    });
}
