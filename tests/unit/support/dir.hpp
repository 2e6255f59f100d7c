#pragma once
// Test helper: the files of a folder, natively and in wasm under Node (NODERAWFS maps readdir and stat
// onto the real file system). POSIX dirent rather than std::filesystem, which Emscripten 3.1.6's libc++
// does not promise.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <vector>

namespace planlang::testing {

inline bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

inline bool is_directory(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Paths (dir + "/" + name) of the entries of `dir` whose name ends with `suffix`, sorted by name;
// with `recursive`, the files of sub-folders too (hidden entries skipped).
inline std::vector<std::string> list_files(const std::string& dir, const std::string& suffix, bool recursive = false) {
    std::vector<std::string> out;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return out;
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name.empty() || name[0] == '.') continue;
        names.push_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
        const std::string path = dir + "/" + name;
        if (is_directory(path)) {
            if (!recursive) continue;
            for (std::string& inner : list_files(path, suffix, true)) out.push_back(std::move(inner));
        } else if (ends_with(name, suffix)) {
            out.push_back(path);
        }
    }
    return out;
}

}  // namespace planlang::testing
