#pragma once
// A progress bar for long CLI jobs (spec/cli.md: on stderr when stderr is a terminal, never otherwise).
//
//   Progress bar("generate", n);   // draws nothing unless stderr is a terminal (native/cli/terminal.hpp)
//   bar.step();                    // one unit done (step(k): k units)
//   bar.finish();                  // completes the line; the destructor does it too
//
// The line is redrawn with '\r' only when the shown percentage or the width-40 bar changes, so a million
// steps cost a few hundred writes. It never touches stdout.
#include <cstdint>
#include <cstdio>
#include <string>

namespace planlang::cli {

class Progress {
public:
    Progress(std::string label, std::uint64_t total);
    // For tests: draw to `out` whether or not it is a terminal.
    Progress(std::string label, std::uint64_t total, std::FILE* out);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void step(std::uint64_t n = 1);
    void finish();
    bool active() const { return m_out != nullptr; }

    // The text of one frame, e.g. "generate [################........................]  40% 80/200".
    static std::string frame(const std::string& label, std::uint64_t done, std::uint64_t total);

private:
    void draw();

    std::string m_label;
    std::uint64_t m_total;
    std::uint64_t m_done = 0;
    std::FILE* m_out;
    int m_last_percent = -1;
    int m_last_filled = -1;
    bool m_finished = false;
};

}  // namespace planlang::cli
