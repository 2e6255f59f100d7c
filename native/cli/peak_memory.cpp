#include "native/cli/peak_memory.hpp"

#include <cstdlib>
#include <fstream>
#include <string>

namespace planlang::cli {

long peak_memory_kb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.compare(0, 6, "VmHWM:") == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    return -1;
}

}  // namespace planlang::cli
