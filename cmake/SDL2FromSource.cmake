# SDL 2.26.5 for Emscripten, compiled inside our build from a fixed file list (toolchain.md §3, way c).
# Why not SDL's own CMake: its configure runs ~160 try_compile probes under emcc (5–6 min on 2 cores).
# Why not -sUSE_SDL=2: Debian's emscripten cache is frozen and its port list is for SDL 2.0.20 (P7, P8).
# include/SDL_config.h selects the hand-written SDL_config_emscripten.h by itself when __EMSCRIPTEN__ is
# defined, so no configure step is needed. The list is emscripten 3.1.6's tools/ports/sdl2.py list (SDL 2.0.20)
# plus the files SDL 2.26 added, minus the Direct3D/PSP renderers that the emscripten config compiles to nothing.
#
# Input:  PLANLANG_SDL2_SOURCE_DIR (defaults to ${PLANLANG_SOURCES_DIR}/SDL2-2.26.5, from scripts/deps)
# Output: target SDL2::SDL2-static (a static library; include/ is a SYSTEM include dir for its users)
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "SDL2FromSource.cmake is for Emscripten builds; native builds use Debian's libsdl2-dev")
endif()
if(TARGET SDL2::SDL2-static)
  return()
endif()

set(PLANLANG_SDL2_SOURCE_DIR "${PLANLANG_SOURCES_DIR}/SDL2-2.26.5" CACHE PATH "SDL 2.26.5 sources (Debian libsdl2 source package)")
planlang_require_source("${PLANLANG_SDL2_SOURCE_DIR}/src/SDL.c" "SDL 2.26.5")

set(_sdl_files
  # core
  SDL.c SDL_assert.c SDL_dataqueue.c SDL_error.c SDL_guid.c SDL_hints.c SDL_list.c SDL_log.c SDL_utils.c
  atomic/SDL_atomic.c atomic/SDL_spinlock.c
  cpuinfo/SDL_cpuinfo.c
  dynapi/SDL_dynapi.c
  file/SDL_rwops.c
  filesystem/emscripten/SDL_sysfilesystem.c
  loadso/dlopen/SDL_sysloadso.c
  locale/SDL_locale.c locale/emscripten/SDL_syslocale.c
  main/dummy/SDL_dummy_main.c
  misc/SDL_url.c misc/dummy/SDL_sysurl.c
  power/SDL_power.c power/emscripten/SDL_syspower.c
  sensor/SDL_sensor.c sensor/dummy/SDL_dummysensor.c
  stdlib/SDL_crc16.c stdlib/SDL_crc32.c stdlib/SDL_getenv.c stdlib/SDL_iconv.c stdlib/SDL_malloc.c
  stdlib/SDL_qsort.c stdlib/SDL_stdlib.c stdlib/SDL_string.c stdlib/SDL_strtokr.c
  thread/SDL_thread.c thread/generic/SDL_syscond.c thread/generic/SDL_sysmutex.c thread/generic/SDL_syssem.c
  thread/generic/SDL_systhread.c thread/generic/SDL_systls.c
  timer/SDL_timer.c timer/unix/SDL_systimer.c
  # audio (SDL_Init links it even when unused)
  audio/SDL_audio.c audio/SDL_audiocvt.c audio/SDL_audiodev.c audio/SDL_audiotypecvt.c audio/SDL_mixer.c
  audio/SDL_wave.c audio/disk/SDL_diskaudio.c audio/dummy/SDL_dummyaudio.c audio/emscripten/SDL_emscriptenaudio.c
  # events and input
  events/SDL_clipboardevents.c events/SDL_displayevents.c events/SDL_dropevents.c events/SDL_events.c
  events/SDL_gesture.c events/SDL_keyboard.c events/SDL_keysym_to_scancode.c events/SDL_mouse.c events/SDL_quit.c
  events/SDL_scancode_tables.c events/SDL_touch.c events/SDL_windowevents.c events/imKStoUCS.c
  haptic/SDL_haptic.c haptic/dummy/SDL_syshaptic.c
  joystick/SDL_gamecontroller.c joystick/SDL_joystick.c joystick/controller_type.c
  joystick/emscripten/SDL_sysjoystick.c
  # video
  video/SDL_RLEaccel.c video/SDL_blit.c video/SDL_blit_0.c video/SDL_blit_1.c video/SDL_blit_A.c
  video/SDL_blit_N.c video/SDL_blit_auto.c video/SDL_blit_copy.c video/SDL_blit_slow.c video/SDL_bmp.c
  video/SDL_clipboard.c video/SDL_egl.c video/SDL_fillrect.c video/SDL_pixels.c video/SDL_rect.c
  video/SDL_shape.c video/SDL_stretch.c video/SDL_surface.c video/SDL_video.c video/SDL_yuv.c
  video/dummy/SDL_nullevents.c video/dummy/SDL_nullframebuffer.c video/dummy/SDL_nullvideo.c
  video/emscripten/SDL_emscriptenevents.c video/emscripten/SDL_emscriptenframebuffer.c
  video/emscripten/SDL_emscriptenmouse.c video/emscripten/SDL_emscriptenopengles.c
  video/emscripten/SDL_emscriptenvideo.c
  video/yuv2rgb/yuv_rgb.c
  # the 2D renderer (referenced by SDL_video.c's window framebuffer path)
  render/SDL_render.c render/SDL_yuv_sw.c
  render/opengl/SDL_render_gl.c render/opengl/SDL_shaders_gl.c
  render/opengles/SDL_render_gles.c
  render/opengles2/SDL_render_gles2.c render/opengles2/SDL_shaders_gles2.c
  render/software/SDL_blendfillrect.c render/software/SDL_blendline.c render/software/SDL_blendpoint.c
  render/software/SDL_drawline.c render/software/SDL_drawpoint.c render/software/SDL_render_sw.c
  render/software/SDL_rotate.c render/software/SDL_triangle.c
)
list(TRANSFORM _sdl_files PREPEND "${PLANLANG_SDL2_SOURCE_DIR}/src/")

add_library(planlang_sdl2 STATIC ${_sdl_files})
target_include_directories(planlang_sdl2 SYSTEM PUBLIC "${PLANLANG_SDL2_SOURCE_DIR}/include")
# Third-party code: SDL's own warnings are not ours to fix; -O2 even in Debug keeps the event loop cheap.
target_compile_options(planlang_sdl2 PRIVATE -O2 -w)
add_library(SDL2::SDL2-static ALIAS planlang_sdl2)
