// libvterm (Debian libvterm-dev): the terminal emulator programs are measured through.
#ifndef FRAMEBENCH_CVTERM_SHIM_H
#define FRAMEBENCH_CVTERM_SHIM_H
#include <vterm.h>
#endif
