// The one doctest main shared by every unit test file (style.md, "Tests").
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
