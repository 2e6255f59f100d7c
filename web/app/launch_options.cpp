#include "web/app/launch_options.hpp"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace planlang::web {

namespace {

constexpr const char* kUsage =
    "usage: planlang_web [--site DIR] [--data DIR] [--link LINK] [--open RUNDIR [--root DIR]] [--lang es|en] [--expert]\n"
    "                    [--status] [--frames N [--screenshot OUT.png|OUT.ppm] [--text OUT.md]]\n";

std::optional<LaunchOptions> usage_error(const std::string& why) {
    std::fprintf(stderr, "planlang_web: %s\n%s", why.c_str(), kUsage);
    return std::nullopt;
}

}  // namespace

std::optional<LaunchOptions> parse_launch_options(int argc, char** argv, const std::string& default_site_dir,
                                                  const std::string& default_data_dir) {
    LaunchOptions o;
    o.site_dir = default_site_dir;
    o.data_dir = default_data_dir;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--expert") {
            o.expert = true;
        } else if (arg == "--status") {
            o.print_status = true;
        } else if (arg == "--site" || arg == "--data" || arg == "--link" || arg == "--open" || arg == "--root" || arg == "--frames" || arg == "--screenshot" || arg == "--text" || arg == "--lang") {
            if (!has_value) return usage_error(std::string(arg) + " needs a value");
            const std::string value = argv[++i];
            if (arg == "--site") o.site_dir = value;
            else if (arg == "--data") o.data_dir = value;
            else if (arg == "--link") o.link = value;
            else if (arg == "--open") o.open_run = value;
            else if (arg == "--root") o.open_root = value;
            else if (arg == "--screenshot") o.screenshot_path = value;
            else if (arg == "--text") o.text_path = value;
            else if (arg == "--lang") {
                if (value != "es" && value != "en") return usage_error("--lang takes es or en");
                o.language = value;
            } else {
                char* end = nullptr;
                const long n = std::strtol(value.c_str(), &end, 10);
                if (*end != '\0' || n < 1 || n > 1000000) return usage_error("--frames takes a positive number");
                o.max_frames = static_cast<int>(n);
            }
        } else {
            return usage_error("unknown argument " + std::string(arg));
        }
    }
    if (!o.screenshot_path.empty() && o.max_frames < 0) return usage_error("--screenshot needs --frames N");
    if (!o.text_path.empty() && o.max_frames < 0) return usage_error("--text needs --frames N");
    return o;
}

}  // namespace planlang::web
