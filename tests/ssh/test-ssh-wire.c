/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What goes over the wire to a throwaway sshd: the client connects through a relay on
 * 127.0.0.1 that counts the bytes each way, so that compression (on by default, off where the
 * SSH configuration, the options or TDBG_SSH_COMPRESSION say so) is seen in the bytes, not
 * taken on trust. And the round trips an open pays: a listing gives every file's size. */

#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "tdbg-ssh-source.h"
#include "ssh-fixture.h"

#define FILE_SIZE (8 << 20)

static SshFixture server;
static char *data_dir;

typedef struct {
  GSocket *listener;
  guint port;
  guint server_port;
  GThread *thread;
  guint64 to_client;  /* bytes from the server */
  guint64 to_server;
} Relay;

/* Copies what @from has to @to; FALSE at the end of either. */
static gboolean
pass_on (int from, int to, guint64 *count)
{
  char buffer[65536];
  ssize_t n = read (from, buffer, sizeof buffer);

  if (n <= 0)
    return FALSE;
  for (ssize_t done = 0; done < n;)
    {
      ssize_t w = write (to, buffer + done, n - done);
      if (w <= 0)
        return FALSE;
      done += w;
    }
  *count += n;
  return TRUE;
}

/* Serves one connection, to its end. */
static gpointer
relay_thread (gpointer data)
{
  Relay *relay = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) client = g_socket_accept (relay->listener, NULL, &error);
  g_autoptr(GSocketClient) connector = g_socket_client_new ();
  g_autoptr(GSocketConnection) upstream = NULL;
  struct pollfd fds[2];

  g_assert_no_error (error);
  upstream = g_socket_client_connect_to_host (connector, "127.0.0.1", relay->server_port, NULL, &error);
  g_assert_no_error (error);
  fds[0] = (struct pollfd) { g_socket_get_fd (client), POLLIN, 0 };
  fds[1] = (struct pollfd) { g_socket_get_fd (g_socket_connection_get_socket (upstream)), POLLIN, 0 };
  for (;;)
    {
      if (poll (fds, 2, -1) < 0)
        break;
      if ((fds[0].revents & (POLLIN | POLLHUP)) && !pass_on (fds[0].fd, fds[1].fd, &relay->to_server))
        break;
      if ((fds[1].revents & (POLLIN | POLLHUP)) && !pass_on (fds[1].fd, fds[0].fd, &relay->to_client))
        break;
    }
  return NULL;
}

static void
relay_start (Relay *relay)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  /* The same port every time: the cache knows a logdir by its address. */
  static guint port;
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, port);
  g_autoptr(GSocketAddress) bound = NULL;

  memset (relay, 0, sizeof *relay);
  relay->server_port = server.port;
  relay->listener = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (relay->listener, address, TRUE, &error));
  g_assert_true (g_socket_listen (relay->listener, &error));
  bound = g_socket_get_local_address (relay->listener, &error);
  g_assert_no_error (error);
  relay->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  port = relay->port;
  relay->thread = g_thread_new ("relay", relay_thread, relay);
}

/* After the client closed its connection. */
static void
relay_finish (Relay *relay)
{
  g_thread_join (relay->thread);
  g_clear_object (&relay->listener);
}

/* Connects through @relay, with the options @config_text (a config file, or NULL for none) and
 * @no_compression give. */
static TdbgSource *
connect_through (Relay *relay, const char *config_text, gboolean no_compression)
{
  g_autofree char *host_pub = ssh_fixture_path (&server, "host_ed25519.pub");
  g_autofree char *uri = g_strdup_printf ("ssh://root@127.0.0.1:%u%s", relay->port, data_dir);
  SshFixture relayed = server;
  g_autofree char *line = NULL;
  g_autofree char *known_hosts = ssh_fixture_path (&server, "known_hosts_relay");
  g_autofree char *config = ssh_fixture_path (&server, "ssh_config_wire");
  TdbgSshOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  TdbgSource *source;

  relayed.port = relay->port;
  line = ssh_fixture_known_hosts_line (&relayed, host_pub);
  ssh_fixture_write (&server, "known_hosts_relay", line);
  if (config_text)
    ssh_fixture_write (&server, "ssh_config_wire", config_text);
  options.known_hosts_file = known_hosts;
  options.global_known_hosts_file = "/dev/null";
  options.config_file = config_text ? config : "";
  options.identity_file = server.client_key;
  options.no_compression = no_compression;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  return source;
}

/* Reads the whole test file through a relay; returns the bytes the server sent. */
static guint64
bytes_for_reading (const char *config_text, gboolean no_compression)
{
  Relay relay;
  TdbgSource *source;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  relay_start (&relay);
  source = connect_through (&relay, config_text, no_compression);
  bytes = tdbg_source_read (source, "trace.txt", 0, G_MAXSIZE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, FILE_SIZE);
  g_object_unref (source);
  relay_finish (&relay);
  g_test_message ("%u bytes read, %" G_GUINT64_FORMAT " bytes from the server", FILE_SIZE, relay.to_client);
  return relay.to_client;
}

/* Compressed unless told otherwise: text like a trace file's shrinks many times on the wire. */
static void
test_compressed_by_default (void)
{
  g_assert_cmpuint (bytes_for_reading (NULL, FALSE), <, FILE_SIZE / 4);
  g_assert_cmpuint (bytes_for_reading ("Host *\n  Compression yes\n", FALSE), <, FILE_SIZE / 4);
}

static void
test_config_says_no (void)
{
  g_assert_cmpuint (bytes_for_reading ("Host 127.0.0.1\n  Compression no\n", FALSE), >, FILE_SIZE);
}

static void
test_options_and_environment_say_no (void)
{
  g_assert_cmpuint (bytes_for_reading (NULL, TRUE), >, FILE_SIZE);
  g_setenv ("TDBG_SSH_COMPRESSION", "no", TRUE);
  g_assert_cmpuint (bytes_for_reading (NULL, FALSE), >, FILE_SIZE);
  g_unsetenv ("TDBG_SSH_COMPRESSION");
}

/* The listing's sizes answer get_size: no stat per file. */
static void
test_listing_gives_sizes (void)
{
  Relay relay;
  TdbgSource *source;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  guint64 before, size = 0;

  relay_start (&relay);
  source = connect_through (&relay, NULL, FALSE);
  before = tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source));
  names = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  /* OPENDIR, one READDIR with every name, one more that says the end, CLOSE. */
  g_assert_cmpuint (tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source)) - before, ==, 4);
  before = tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source));
  g_assert_true (tdbg_source_get_size (source, "trace.txt", &size, NULL, &error));
  g_assert_cmpuint (size, ==, FILE_SIZE);
  g_assert_true (tdbg_source_get_size (source, "b", &size, NULL, &error));
  g_assert_cmpuint (size, ==, 3);
  g_assert_cmpuint (tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source)), ==, before);
  /* Each listed size answers once: asked again, the server is. */
  g_assert_true (tdbg_source_get_size (source, "b", &size, NULL, &error));
  g_assert_cmpuint (tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source)), ==, before + 1);
  g_object_unref (source);
  relay_finish (&relay);
}

/* Reads @name whole (or from @offset) through a new connection; *@from_server gets the bytes
 * the server sent, the handshake included. */
static GBytes *
read_through_relay (const char *name, guint64 offset, guint64 *from_server)
{
  Relay relay;
  TdbgSource *source;
  GBytes *bytes;
  g_autoptr(GError) error = NULL;

  relay_start (&relay);
  source = connect_through (&relay, NULL, FALSE);
  bytes = tdbg_source_read (source, name, offset, G_MAXSIZE, NULL, &error);
  g_assert_no_error (error);
  g_object_unref (source);
  relay_finish (&relay);
  *from_server = relay.to_client;
  return bytes;
}

/* Reads @name as @contents says it is, and returns the bytes the server sent for it. */
static guint64
check_cached_read (const char *name, GBytes *contents, guint64 offset)
{
  guint64 from_server;
  g_autoptr(GBytes) expected = g_bytes_new_from_bytes (contents, offset, g_bytes_get_size (contents) - offset);
  g_autoptr(GBytes) bytes = read_through_relay (name, offset, &from_server);

  g_assert_true (g_bytes_equal (bytes, expected));
  return from_server;
}

static GBytes *
random_bytes (gsize length)
{
  guint8 *data = g_malloc (length);
  for (gsize i = 0; i < length; i++)
    data[i] = g_random_int () & 0xff;
  return g_bytes_new_take (data, length);
}

static void
write_bytes (const char *path, GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error));
}

/* With a cache (TDBG_SSH_CACHE), opening again fetches only the bytes appended since; a file
 * rewritten or shortened is read again whole. */
static void
test_cache_fetches_only_new_bytes (void)
{
  g_autofree char *cache = ssh_fixture_path (&server, "cache");
  g_autofree char *path = g_build_filename (data_dir, "grow.bin", NULL);
  g_autoptr(GBytes) first = random_bytes (1 << 20), more = random_bytes (256 << 10);
  g_autoptr(GByteArray) grown = g_byte_array_new ();
  g_autoptr(GBytes) longer = NULL, rewritten = NULL, shorter = NULL;

  g_setenv ("TDBG_SSH_CACHE", cache, TRUE);
  write_bytes (path, first);
  g_assert_cmpuint (check_cached_read ("grow.bin", first, 0), >, 1 << 20);
  g_assert_cmpuint (check_cached_read ("grow.bin", first, 0), <, 64 << 10);
  g_assert_cmpuint (check_cached_read ("grow.bin", first, 1000), <, 64 << 10);

  g_byte_array_append (grown, g_bytes_get_data (first, NULL), 1 << 20);
  g_byte_array_append (grown, g_bytes_get_data (more, NULL), 256 << 10);
  longer = g_byte_array_free_to_bytes (g_steal_pointer (&grown));
  write_bytes (path, longer);
  g_assert_cmpuint (check_cached_read ("grow.bin", longer, 0), <, (256 << 10) + (64 << 10));
  g_assert_cmpuint (check_cached_read ("grow.bin", longer, 0), <, 64 << 10);

  rewritten = random_bytes ((1 << 20) + (256 << 10));
  write_bytes (path, rewritten);
  g_assert_cmpuint (check_cached_read ("grow.bin", rewritten, 0), >, 1 << 20);
  shorter = g_bytes_new_from_bytes (rewritten, 0, 100);
  write_bytes (path, shorter);
  check_cached_read ("grow.bin", shorter, 0);
  check_cached_read ("grow.bin", shorter, 50);
  g_unsetenv ("TDBG_SSH_CACHE");
}

static void
write_data (void)
{
  g_autoptr(GString) text = g_string_sized_new (FILE_SIZE + 100);
  g_autofree char *trace = g_build_filename (data_dir, "trace.txt", NULL);
  g_autofree char *a = g_build_filename (data_dir, "a", NULL);
  g_autofree char *b = g_build_filename (data_dir, "b", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; text->len < FILE_SIZE; i++)
    g_string_append_printf (text, "op %u dense_%u/MatMul float32 [%u,%u] step %u\n", i, i % 97, i % 31, i % 7, i / 13);
  g_assert_true (g_file_set_contents (trace, text->str, FILE_SIZE, &error));
  g_assert_true (g_file_set_contents (a, "", 0, &error));
  g_assert_true (g_file_set_contents (b, "abc", 3, &error));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_unsetenv ("TDBG_SSH_COMPRESSION");
  g_unsetenv ("TDBG_SSH_CACHE");
  ssh_fixture_setup (&server);
  data_dir = ssh_fixture_path (&server, "wire");
  g_mkdir (data_dir, 0755);
  write_data ();
  g_test_add_func ("/ssh-wire/compressed-by-default", test_compressed_by_default);
  g_test_add_func ("/ssh-wire/config-says-no", test_config_says_no);
  g_test_add_func ("/ssh-wire/options-and-environment-say-no", test_options_and_environment_say_no);
  g_test_add_func ("/ssh-wire/listing-gives-sizes", test_listing_gives_sizes);
  g_test_add_func ("/ssh-wire/cache-fetches-only-new-bytes", test_cache_fetches_only_new_bytes);
  status = g_test_run ();
  g_free (data_dir);
  ssh_fixture_teardown (&server);
  return status;
}
