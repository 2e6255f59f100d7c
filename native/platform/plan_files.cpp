// Plan discovery under a root (plan_files.hpp): POSIX directories, which Emscripten's file systems (NODERAWFS
// under Node, the app's packaged data in the browser) also give.
#include "native/platform/plan_files.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

namespace planlang::platform {

std::vector<std::string> json_files_under(const std::string& dir, int depth) {
    std::vector<std::string> out;
    if (depth < 0) return out;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return out;
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name != "." && name != "..") names.push_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());  // byte order: the same list on every machine
    for (const std::string& name : names) {
        const std::string path = dir + "/" + name;
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            for (std::string& p : json_files_under(path, depth - 1)) out.push_back(std::move(p));
        } else if (S_ISREG(st.st_mode) && name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
            out.push_back(path);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

run::Request run_request(const std::string& rundir, const std::optional<std::string>& root) {
    run::Request request;
    request.root = root.value_or("");
    request.main_run = rundir;
    while (request.main_run.size() > 1 && request.main_run.back() == '/') request.main_run.pop_back();
    request.plan_candidates = json_files_under(run::join(request.root, "plans"));
    return request;
}

}  // namespace planlang::platform
