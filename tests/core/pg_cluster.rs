//! A PostgreSQL cluster of the test's own: `initdb` in a temporary folder,
//! `pg_ctl start` on 127.0.0.1 with a free port (its socket in the same
//! folder), a database, and on drop `pg_ctl stop -m immediate` and the
//! folder removed. Nothing outside the folder is touched.
//!
//! PostgreSQL refuses to run as root, and the tests run as root here and
//! in CI: then the cluster runs as the `postgres` system user (`runuser`),
//! owning the folder. Debian's `postgresql` package provides both
//! (`scripts/setup-system` installs it). Without the binaries the test
//! fails and says so: no test is skipped for want of them.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The longest the cluster may take to accept connections.
const READY_WITHIN: Duration = Duration::from_secs(30);

/// A running cluster with one database, stopped and removed when dropped.
pub struct PgCluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// The user the cluster runs as when the tests run as root.
    run_as: Option<String>,
    pub port: u16,
    pub database: String,
}

impl PgCluster {
    /// Starts a cluster with the database `stronghold`.
    pub fn start() -> PgCluster {
        let bin = binaries();
        let dir = tempfile::tempdir().expect("a temporary folder");
        let run_as = is_root().then(|| "postgres".to_string());
        if let Some(user) = &run_as {
            // The cluster's user owns the folder (and may enter it).
            let status = Command::new("chown")
                .args(["-R", &format!("{user}:"), &dir.path().display().to_string()])
                .status()
                .expect("chown runs");
            assert!(
                status.success(),
                "chown of the cluster's folder to {user} (the user Debian's \
                 `postgresql` package makes; `bash scripts/setup-system` installs it)"
            );
        }
        let mut cluster = PgCluster {
            dir,
            bin,
            run_as,
            port: 0,
            database: "stronghold".into(),
        };
        let data = cluster.data();
        cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        );
        cluster.port = free_port();
        let options = cluster.options();
        let log = cluster.dir.path().join("server.log").display().to_string();
        // -W: return at once; readiness is waited for below, bounded.
        cluster.run(
            "pg_ctl",
            &["-D", &data, "-l", &log, "-o", &options, "-W", "start"],
        );
        cluster.wait_until_ready();
        let port = cluster.port.to_string();
        cluster.run(
            "createdb",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                "postgres",
                "stronghold",
            ],
        );
        cluster
    }

    /// The URL the server takes (`--db`).
    pub fn url(&self) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{}/{}",
            self.port, self.database
        )
    }

    /// Stops the cluster as a crash would (`-m immediate`) and starts it
    /// again with the same options, on the same port.
    pub fn crash_and_restart(&self) {
        self.stop();
        self.start_again();
    }

    /// Stops the cluster as a crash would (`-m immediate`).
    pub fn stop(&self) {
        let data = self.data();
        self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
    }

    /// Starts a stopped cluster again, with the same options, on the same port.
    pub fn start_again(&self) {
        let data = self.data();
        let log = self.dir.path().join("server.log").display().to_string();
        let options = self.options();
        self.run(
            "pg_ctl",
            &["-D", &data, "-l", &log, "-o", &options, "-W", "start"],
        );
        self.wait_until_ready();
    }

    /// The server's options: 127.0.0.1 only, our port, the socket in our
    /// folder. fsync off: the tests crash processes, never the machine.
    fn options(&self) -> String {
        format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off",
            self.port,
            self.dir.path().display()
        )
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    /// Runs one of the cluster's programs as its user; its output.
    fn output(&self, program: &str, args: &[&str]) -> Output {
        let path = self.bin.join(program);
        let mut command = match &self.run_as {
            Some(user) => {
                let mut c = Command::new(runuser());
                c.args(["-u", user, "--"]).arg(&path);
                c
            }
            None => Command::new(&path),
        };
        command
            .args(args)
            // A folder the cluster's user may read, whatever the test's is.
            .current_dir(self.dir.path())
            .output()
            .unwrap_or_else(|e| panic!("{} does not run: {e}", path.display()))
    }

    /// Runs a program that must succeed.
    fn run(&self, program: &str, args: &[&str]) {
        let out = self.output(program, args);
        assert!(
            out.status.success(),
            "{program} {args:?} failed: {}{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            self.log_text()
        );
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    fn wait_until_ready(&self) {
        let port = self.port.to_string();
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            let out = self.output("pg_isready", &["-h", "127.0.0.1", "-p", &port, "-t", "1"]);
            if out.status.success() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "PostgreSQL not ready on port {port} after {READY_WITHIN:?}:\n{}",
                self.log_text()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let data = self.data();
        let _ = self.output("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
        // The folder goes with `self.dir`.
    }
}

/// Runs `sql` (one statement or several) on the database at `url`; the
/// rows' values as text (None for NULL).
pub fn query(url: &str, sql: &str) -> Vec<Vec<Option<String>>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        tokio::spawn(connection);
        let messages = client
            .simple_query(sql)
            .await
            .unwrap_or_else(|e| panic!("`{sql}` fails: {e:?}"));
        messages
            .iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(row) => Some(
                    (0..row.len())
                        .map(|i| row.get(i).map(String::from))
                        .collect(),
                ),
                _ => None,
            })
            .collect()
    })
}

/// The folder of PostgreSQL's programs: `pg_config --bindir`, or Debian's
/// versioned folders. Fails the test, with what to install, if none.
fn binaries() -> PathBuf {
    let has_initdb = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if out.status.success() && has_initdb(&dir) {
            return dir;
        }
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|entries| entries.flatten().map(|e| e.path().join("bin")).collect())
        .unwrap_or_default();
    versions.sort();
    versions
        .into_iter()
        .rev()
        .find(|dir| has_initdb(dir))
        .unwrap_or_else(|| {
            panic!(
                "PostgreSQL's programs (initdb, pg_ctl) are not installed: \
                 `bash scripts/setup-system` installs Debian's `postgresql`"
            )
        })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// A port free now on 127.0.0.1 (the system's choice).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `runuser` (util-linux): in /usr/sbin on Debian, which a root shell has
/// on its PATH but a scrubbed environment (scripts/ci-cold-run) may not.
fn runuser() -> PathBuf {
    ["/usr/sbin/runuser", "/sbin/runuser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("runuser"))
}
