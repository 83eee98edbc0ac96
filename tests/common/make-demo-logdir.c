/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the demo logdir: make-demo-logdir OUTDIR [--steps N] [--bad-step K] */

#include <stdio.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-fixture-writer.h"

static gint opt_steps = 7;
static gint opt_bad_step = 2;

static const GOptionEntry entries[] = {
  { "steps", 0, 0, G_OPTION_ARG_INT, &opt_steps, "Training steps", "N" },
  { "bad-step", 0, 0, G_OPTION_ARG_INT, &opt_bad_step, "Step whose log() first meets a zero (-1: never)", "K" },
  { NULL }
};

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("OUTDIR — write the demo logdir");
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions options = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || opt_steps < 0)
    {
      g_printerr ("%s\n", error ? error->message : "usage: make-demo-logdir OUTDIR [--steps N] [--bad-step K]");
      return 2;
    }
  if (g_mkdir_with_parents (argv[1], 0755) != 0)
    {
      g_printerr ("cannot create %s\n", argv[1]);
      return 1;
    }
  options.n_steps = opt_steps;
  options.bad_step = opt_bad_step;
  options.host_name = "demo-host";
  if (!tdbg_fixture_write_demo (argv[1], &options, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}
