// presence_test.cc — STUB: replaced by the presence area tests.
#include "harness.h"

void testPresence() {}
