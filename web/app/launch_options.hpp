#pragma once
// Command-line options of planlang_web. The browser build receives none (the page passes no arguments).
#include <optional>
#include <string>

namespace planlang::web {

struct LaunchOptions {
    std::string site_dir;         // folder laid out like the site (lang/, plans/, fonts/); empty in the browser,
                                  // where paths are relative to the page
    std::string plan_path;        // a plan file to show instead of the site's sample plan
    int max_frames = -1;          // stop after this many UI frames (-1: until the window closes)
    std::string screenshot_path;  // write the last frame here (.ppm or .png); needs --frames
    std::string language;         // "es" or "en"; empty: the platform's preference
    bool expert = false;          // start in the expert reading
};

// Parses argv (`--site DIR --plan FILE --frames N --screenshot FILE --lang es|en --expert`); on a usage
// error prints the reason and the usage to stderr and returns nullopt.
std::optional<LaunchOptions> parse_launch_options(int argc, char** argv, const std::string& default_site_dir);

}  // namespace planlang::web
