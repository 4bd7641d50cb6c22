// relationships_test.cc — STUB: replaced by the relationships area tests.
#include "harness.h"

void testRelationships() {}
