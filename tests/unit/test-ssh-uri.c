/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssh:// addresses, including the inputs fuzzing once found mishandled. */

#include <glib.h>

#include "tdbg-error.h"
#include "tdbg-ssh-uri.h"

static void
test_parse (void)
{
  TdbgSshUri uri;
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_ssh_uri_parse ("ssh://priya@gpu-ws-17:2222/home/priya/logdir", &uri, &error));
  g_assert_cmpstr (uri.user, ==, "priya");
  g_assert_cmpstr (uri.host, ==, "gpu-ws-17");
  g_assert_cmpuint (uri.port, ==, 2222);
  g_assert_cmpstr (uri.path, ==, "/home/priya/logdir");
  tdbg_ssh_uri_clear (&uri);

  g_assert_true (tdbg_ssh_uri_parse ("ssh://[::1]/~/runs/a%20b", &uri, &error));
  g_assert_null (uri.user);
  g_assert_cmpstr (uri.host, ==, "::1");
  g_assert_cmpuint (uri.port, ==, 0);
  g_assert_cmpstr (uri.path, ==, "runs/a b");
  tdbg_ssh_uri_clear (&uri);
}

static void
test_reject (void)
{
  const char *bad[] = {
    "http://host/x", "ssh://host", "ssh://:22/x", "ssh://host:0/x", "ssh://host:65536/x",
    "ssh://host:2x/x", "ssh://[::1/x", "ssh://a b/x", "ssh://host/a%0Ab", "ssh://@host/x",
    "ssh://\xdd/x", "ssh://[[]/", "ssh://[::1]x/y",
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TdbgSshUri uri;
      g_autoptr(GError) error = NULL;
      g_assert_false (tdbg_ssh_uri_parse (bad[i], &uri, &error));
      g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
      g_assert_null (uri.host);
    }
}

/* What prints must parse back to the same address. */
static void
test_round_trip (void)
{
  const char *inputs[] = { "ssh://gs/~//~/", "ssh://h/", "ssh://u%40x@h:1/p/q", "ssh://[fe80::1]:22/~/d" };
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      TdbgSshUri a, b;
      g_autofree char *printed = NULL;
      g_assert_true (tdbg_ssh_uri_parse (inputs[i], &a, NULL));
      printed = tdbg_ssh_uri_to_string (&a);
      g_assert_true (tdbg_ssh_uri_parse (printed, &b, NULL));
      g_assert_cmpstr (a.host, ==, b.host);
      g_assert_cmpstr (a.user, ==, b.user);
      g_assert_cmpstr (a.path, ==, b.path);
      g_assert_cmpuint (a.port, ==, b.port);
      tdbg_ssh_uri_clear (&a);
      tdbg_ssh_uri_clear (&b);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ssh-uri/parse", test_parse);
  g_test_add_func ("/ssh-uri/reject", test_reject);
  g_test_add_func ("/ssh-uri/round-trip", test_round_trip);
  return g_test_run ();
}
