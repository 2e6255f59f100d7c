#include "native/cli/progress.hpp"

#include "native/cli/terminal.hpp"

namespace planlang::cli {
namespace {

constexpr int kWidth = 40;

int percent_of(std::uint64_t done, std::uint64_t total) {
    if (total == 0) return 100;
    return static_cast<int>(done >= total ? 100 : done * 100 / total);
}

int filled_of(std::uint64_t done, std::uint64_t total) {
    if (total == 0) return kWidth;
    return static_cast<int>(done >= total ? kWidth : done * kWidth / total);
}

}  // namespace

Progress::Progress(std::string label, std::uint64_t total)
    : Progress(std::move(label), total, stderr_is_terminal() ? stderr : nullptr) {}

Progress::Progress(std::string label, std::uint64_t total, std::FILE* out)
    : m_label(std::move(label)), m_total(total), m_out(out) {
    draw();
}

Progress::~Progress() { finish(); }

std::string Progress::frame(const std::string& label, std::uint64_t done, std::uint64_t total) {
    const int filled = filled_of(done, total);
    std::string line = label + " [" + std::string(static_cast<std::size_t>(filled), '#') +
                       std::string(static_cast<std::size_t>(kWidth - filled), '.') + "] ";
    const std::string percent = std::to_string(percent_of(done, total));
    line += std::string(3 - percent.size(), ' ') + percent + "% " + std::to_string(done) + "/" + std::to_string(total);
    return line;
}

void Progress::step(std::uint64_t n) {
    if (m_finished) return;
    m_done += n;
    if (m_out && (percent_of(m_done, m_total) != m_last_percent || filled_of(m_done, m_total) != m_last_filled)) draw();
}

void Progress::draw() {
    if (!m_out) return;
    m_last_percent = percent_of(m_done, m_total);
    m_last_filled = filled_of(m_done, m_total);
    const std::string line = "\r" + frame(m_label, m_done, m_total) + "\x1b[K";
    std::fwrite(line.data(), 1, line.size(), m_out);
    std::fflush(m_out);
}

void Progress::finish() {
    if (m_finished) return;
    m_finished = true;
    if (!m_out) return;
    draw();
    std::fputc('\n', m_out);
    std::fflush(m_out);
}

}  // namespace planlang::cli
