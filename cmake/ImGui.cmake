# Dear ImGui 1.86 from its Debian source package, with its own SDL2 + OpenGL3 backends, unmodified (style.md).
# Debian's libimgui-dev is not used: it ships only an x86_64 archive, and one imgui build for both toolchains
# keeps the desktop and browser apps pixel-comparable.
#   wasm:   SDL 2.26.5 compiled from source (cmake/SDL2FromSource.cmake), GL ES 3.0 = WebGL2 (toolchain.md P9)
#   native: Debian's libsdl2-dev and the system OpenGL (imgui's bundled loader dlopens libGL)
# Output: target planlang_imgui (imgui + backends, SDL2 and GL linked in for its users)
if(TARGET planlang_imgui)
  return()
endif()

set(PLANLANG_IMGUI_DIR "${PLANLANG_SOURCES_DIR}/imgui-1.86" CACHE PATH "Dear ImGui 1.86 sources (Debian imgui source package)")
planlang_require_source("${PLANLANG_IMGUI_DIR}/imgui.cpp" "Dear ImGui 1.86")

# imgui_demo.cpp is left out: the app never opens the demo window.
add_library(planlang_imgui STATIC
  "${PLANLANG_IMGUI_DIR}/imgui.cpp"
  "${PLANLANG_IMGUI_DIR}/imgui_draw.cpp"
  "${PLANLANG_IMGUI_DIR}/imgui_tables.cpp"
  "${PLANLANG_IMGUI_DIR}/imgui_widgets.cpp"
  "${PLANLANG_IMGUI_DIR}/backends/imgui_impl_sdl.cpp"
  "${PLANLANG_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
target_include_directories(planlang_imgui SYSTEM PUBLIC "${PLANLANG_IMGUI_DIR}" "${PLANLANG_IMGUI_DIR}/backends")
# No imgui.ini or font files: the browser has no writable file system, so the app keeps no settings on disk and
# hands fonts over as bytes; the desktop build does the same to stay identical.
target_compile_definitions(planlang_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_DISABLE_FILE_FUNCTIONS)
target_compile_options(planlang_imgui PRIVATE -w)

if(EMSCRIPTEN)
  include("${CMAKE_CURRENT_LIST_DIR}/SDL2FromSource.cmake")
  # 1.86 picks GL ES 2 / WebGL1 on Emscripten by itself; we want WebGL2 ("#version 300 es").
  target_compile_definitions(planlang_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
  target_link_libraries(planlang_imgui PUBLIC SDL2::SDL2-static)
  target_link_options(planlang_imgui INTERFACE -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
else()
  # The version requirement also guards against emscripten's stub sdl2-config (P13) if this ever runs there.
  find_package(SDL2 2.26 CONFIG REQUIRED)
  set(OpenGL_GL_PREFERENCE GLVND)
  find_package(OpenGL REQUIRED)
  target_link_libraries(planlang_imgui PUBLIC SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
endif()
