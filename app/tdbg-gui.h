/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Runs the GTK application (the window); returns the exit status. */
int tdbg_gui_run (int argc, char **argv);
