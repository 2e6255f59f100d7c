#pragma once
// Command-line options of planlang_web. The browser build receives none (the page passes no arguments).
#include <optional>
#include <string>

namespace planlang::web {

struct LaunchOptions {
    std::string site_dir;         // folder laid out like the site (lang/, plans/, fonts/); empty in the browser,
                                  // where paths are relative to the page
    std::string data_dir;         // the bundled plans and runs (repository layout); default: the source tree
    std::string link;             // a deep link to start from (the part after '#' in the browser)
    std::string open_run;         // a run folder of one's own to open instead of the bundled ones
    std::string open_root;        // the root its manifest's paths resolve against (default: the data folder)
    bool print_status = false;    // print the status line whenever it changes (the desktop test reads it)
    int max_frames = -1;          // stop after this many UI frames (-1: until the window closes)
    std::string screenshot_path;  // write the last frame here (.ppm or .png); needs --frames
    std::string text_path;        // write the last frame's screen text (Markdown) here; needs --frames
    std::string language;         // "es" or "en"; empty: the platform's preference
    bool expert = false;          // start in the expert reading
};

// Parses argv (`--site DIR --data DIR --link L --open RUNDIR --root DIR --frames N --screenshot FILE --text FILE --lang es|en --expert --status`); on a usage
// error prints the reason and the usage to stderr and returns nullopt.
std::optional<LaunchOptions> parse_launch_options(int argc, char** argv, const std::string& default_site_dir,
                                                  const std::string& default_data_dir);

}  // namespace planlang::web
