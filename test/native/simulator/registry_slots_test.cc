// The registries' slots (registry.h): a dropped object's slot is taken by the next one created, so
// a stale copy of the dropped handle (same slot, older key) and a key of another class (a handle of
// that class may sit in the same slot number) must both be refused, never read as the object now
// in the slot. With the lookup comparing only the slot number, every check below fails.
#include "harness.h"

namespace {

std::string activityName(Platform_Activity *a) {
    Platform_String s{};
    Platform_Activity_Name(a, &s);
    return S(s);
}

std::string partyId(Platform_ActivityParty *p) {
    Platform_String s{};
    Platform_ActivityParty_Id(p, &s);
    return S(s);
}

}  // namespace

void testRegistrySlots() {
    for (int round = 0; round < 3; ++round) {
        Platform_Activity first{};
        Platform_Activity_Init(&first);
        Platform_Activity_SetName(&first, P(std::string("first")));
        Platform_Activity stale = first;  // callers copy these structs bitwise (sdk-abi.md 1.3)
        Platform_Activity_Drop(&first);
        Platform_Activity second{};
        Platform_Activity_Init(&second);  // takes the slot `first` left
        Platform_Activity_SetName(&second, P(std::string("second")));
        CHECK_EQ(activityName(&second), std::string("second"));
        CHECK_EQ(activityName(&stale), std::string(""));
        Platform_Activity_SetName(&stale, P(std::string("through the stale copy")));
        CHECK_EQ(activityName(&second), std::string("second"));
        Platform_Activity_Drop(&stale);  // a no-op: `second` stays
        CHECK_EQ(activityName(&second), std::string("second"));

        // A party in (very likely) the same slot number of its own registry: the activity's key
        // is not the party's, and the party's is not the activity's. (With 32-bit pointers the
        // classes are not told apart, registry.h kWideKeys: those builds skip these checks.)
        if (sizeof(void *) < 8) {
            Platform_Activity_Drop(&second);
            continue;
        }
        Platform_ActivityParty party{};
        Platform_ActivityParty_Init(&party);
        Platform_ActivityParty_SetId(&party, P(std::string("party")));
        Platform_ActivityParty asParty{};
        asParty.opaque = second.opaque;
        CHECK_EQ(partyId(&asParty), std::string(""));
        Platform_Activity asActivity{};
        asActivity.opaque = party.opaque;
        CHECK_EQ(activityName(&asActivity), std::string(""));
        Platform_ActivityParty_Drop(&asParty);  // refused: the activity stays
        CHECK_EQ(activityName(&second), std::string("second"));
        CHECK_EQ(partyId(&party), std::string("party"));
        Platform_ActivityParty_Drop(&party);
        Platform_Activity_Drop(&second);
    }
}
