//! `convert -o FILE`: `-o` does to what `FILE` names what the shell's `>`
//! would do, no more, and a regular file gets the output whole or not at all
//! (one with other hard links: untouched when the conversion fails).
//!
//! * A regular file, or no file yet, is replaced atomically: the output goes
//!   to a temporary file created exclusively (`O_EXCL`, an unpredictable
//!   name, mode 0600) in the same directory, which is renamed onto the
//!   target on success and removed on failure or on SIGINT, SIGTERM and
//!   SIGHUP. The target keeps its mode and, where permitted, its owner and
//!   group; a new file gets the mode of a plain create (0666 less the umask).
//! * A symbolic link is resolved first, so the file it points to is replaced
//!   and the link stays a link; a link to nothing is refused, as `cp` does.
//! * A regular file with other hard links gets the finished temporary file
//!   copied into it in place instead of the rename, so that the links keep
//!   sharing it (as vim's `backupcopy=auto`); that last step is not atomic.
//! * A device, FIFO or socket is opened and written into, never replaced, so
//!   `-o /dev/null` discards and `-o /dev/full` fails with exit status 3;
//!   so is a pipe reached through a link that names no path (`-o /dev/stdout`
//!   when standard output is a pipe).
//! * A temporary file is flushed to the disk while the conversion goes on:
//!   a thread of its own syncs it each time [`FLUSH_STEP`] more bytes have
//!   been written, so that the disk works while the conversion does, and the
//!   sync before the rename waits for the last step's bytes only. The first
//!   error of those syncs fails the commit, as the last sync's would (after
//!   a failed sync, a later one may no longer report the error).

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, ErrorKind, Seek, SeekFrom, Write};
#[cfg(unix)]
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::sync::Once;
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};

use tempfile::NamedTempFile;

use crate::support::Failure;

/// The temporary file of the conversion under way, which a terminating
/// signal removes. Whoever holds the lock may create, rename or remove it.
static TEMPORARY: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Where `-o` writes.
#[derive(Debug)]
pub(crate) struct OutputFile {
    /// The file to write into: the temporary file, or the device itself.
    file: File,
    /// For a regular target, the temporary file and where it goes.
    staged: Option<Staged>,
    /// For a regular target, the thread that flushes it while it grows.
    flusher: Option<Flusher>,
    /// The target as the user named it, for the message of a failed write.
    shown: String,
}

/// How many bytes written ask for a flush of the temporary file (side by
/// side, writing 201 MiB and syncing them took 0.13 to 0.18 s with a flush
/// every 8 or 32 MiB, against 0.25 to 0.29 s with the one sync at the end,
/// and `cp` then `sync` of the same file 0.24 to 0.31 s).
pub(crate) const FLUSH_STEP: u64 = 16 << 20;

/// A thread that syncs the temporary file's data when asked, and stops at
/// its first error.
#[derive(Debug)]
struct Flusher {
    /// Asks for a flush; one waits at most, as one flush serves all.
    ask: SyncSender<()>,
    /// The thread: how many flushes it made, or its error.
    thread: JoinHandle<io::Result<usize>>,
}

impl Flusher {
    /// Starts the thread, over a handle of its own on `file`.
    fn start(file: &File) -> io::Result<Flusher> {
        let file = file.try_clone()?;
        let (ask, asked) = mpsc::sync_channel::<()>(1);
        let thread = thread::Builder::new().name("flush".into()).spawn(move || {
            let mut flushes = 0;
            for () in asked {
                file.sync_data()?;
                flushes += 1;
            }
            Ok(flushes)
        })?;
        Ok(Flusher { ask, thread })
    }

    /// Stops the thread: how many flushes it made, or its first error.
    fn stop(self) -> io::Result<usize> {
        drop(self.ask);
        self.thread.join().unwrap_or_else(|_| Err(io::Error::other("the flushing thread panicked")))
    }
}

/// Writes into an [`OutputFile`], asking for a flush every [`FLUSH_STEP`]
/// bytes.
pub(crate) struct Writer<'a> {
    output: &'a OutputFile,
    /// Bytes written since the last flush was asked for.
    pending: u64,
}

impl Write for Writer<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // A failed write names the target (a full disk: which one).
        let shown = &self.output.shown;
        let n = (&self.output.file).write(buf).map_err(|e| io::Error::new(e.kind(), format!("{shown}: {e}")))?;
        self.pending += n as u64;
        if self.pending >= FLUSH_STEP {
            self.pending = 0;
            if let Some(flusher) = &self.output.flusher {
                // Full: a flush is waiting, and serves these bytes too.
                // Disconnected: the thread stopped at an error, which the
                // commit reports.
                match flusher.ask.try_send(()) {
                    Ok(()) | Err(TrySendError::Full(()) | TrySendError::Disconnected(())) => {}
                }
            }
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        (&self.output.file).flush()
    }
}

/// A temporary file waiting to be renamed onto its target.
#[derive(Debug)]
struct Staged {
    /// `None` once renamed.
    temp: Option<NamedTempFile>,
    /// The resolved target.
    target: PathBuf,
}

impl OutputFile {
    /// Prepares to write to `path`: a temporary file beside the file it
    /// resolves to, or the device, FIFO or socket itself.
    ///
    /// # Errors
    ///
    /// [`Failure::Io`] when `path` is a directory or a dangling symbolic
    /// link, or cannot be examined, opened or created.
    pub(crate) fn create(path: &Path) -> Result<OutputFile, Failure> {
        let shown = path.display();
        let fail = |e: io::Error| Failure::Io(format!("{shown}: {e}"));
        let (target, meta) = match fs::symlink_metadata(path) {
            Err(e) if e.kind() == ErrorKind::NotFound => (path.to_path_buf(), None),
            Err(e) => return Err(fail(e)),
            Ok(_) => match fs::canonicalize(path) {
                Ok(real) => {
                    let meta = fs::metadata(&real).map_err(fail)?;
                    (real, Some(meta))
                }
                Err(e) if e.kind() == ErrorKind::NotFound => match fs::metadata(path) {
                    // A link the kernel resolves but no path names: a pipe
                    // or socket behind `/dev/stdout` (`/proc/self/fd/1` is
                    // `pipe:[N]`), written into as any non-regular target.
                    Ok(meta) if !meta.is_file() && !meta.is_dir() => (path.to_path_buf(), Some(meta)),
                    _ => {
                        return Err(Failure::Io(format!("{shown}: not writing through a dangling symbolic link")));
                    }
                },
                Err(e) => return Err(fail(e)),
            },
        };
        match &meta {
            Some(m) if m.is_dir() => Err(Failure::Io(format!("{shown}: is a directory"))),
            Some(m) if !m.is_file() => {
                // A device, FIFO or socket: written into, as `>` would.
                let file = OpenOptions::new().write(true).open(&target).map_err(fail)?;
                Ok(OutputFile { file, staged: None, flusher: None, shown: shown.to_string() })
            }
            _ => {
                watch_signals();
                let mut registered = lock();
                let temp = temporary_beside(&target, meta.as_ref()).map_err(|e| fail(without_temporary_path(e)))?;
                let file = temp.as_file().try_clone().map_err(fail)?;
                *registered = Some(temp.path().to_path_buf());
                let flusher = Flusher::start(&file).map_err(fail)?;
                let staged = Some(Staged { temp: Some(temp), target });
                Ok(OutputFile { file, staged, flusher: Some(flusher), shown: shown.to_string() })
            }
        }
    }

    /// Where to write the output.
    pub(crate) fn writer(&self) -> Writer<'_> {
        Writer { output: self, pending: 0 }
    }

    /// Makes the output final: syncs the temporary file and renames it onto
    /// the target, or, when the target is a regular file with other hard
    /// links, copies it into the target in place so that every name keeps
    /// showing the same file (nothing to do for a device).
    ///
    /// # Errors
    ///
    /// [`Failure::Io`] when the sync, the rename or the copy fails; the
    /// temporary file is then removed.
    pub(crate) fn commit(mut self, shown: &Path) -> Result<(), Failure> {
        let Some(staged) = &mut self.staged else { return Ok(()) };
        let fail = |e: io::Error| Failure::Io(format!("{}: {e}", shown.display()));
        if let Some(flusher) = self.flusher.take() {
            flusher.stop().map_err(fail)?;
        }
        self.file.sync_all().map_err(fail)?;
        let mut registered = lock();
        if let Some(temp) = staged.temp.take() {
            if has_other_links(&staged.target) {
                // Not atomic: a failure or a signal during the copy leaves
                // the target cut short (as vim's backupcopy=auto).
                copy_into(temp.as_file(), &staged.target).map_err(fail)?;
                // Dropping `temp` removes the temporary file.
            } else {
                temp.persist(&staged.target).map_err(|e| fail(e.error))?;
            }
        }
        *registered = None;
        Ok(())
    }
}

/// Whether `target` is a regular file with more than one hard link.
#[cfg(unix)]
fn has_other_links(target: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::symlink_metadata(target).is_ok_and(|m| m.is_file() && m.nlink() > 1)
}

/// Hard links are a Unix matter here: elsewhere the rename stands.
#[cfg(not(unix))]
fn has_other_links(_target: &Path) -> bool {
    false
}

/// Copies the whole of `temp` into `target` in place (the same inode, so
/// its mode, owner and other names stay), then syncs it.
fn copy_into(mut temp: &File, target: &Path) -> io::Result<()> {
    temp.seek(SeekFrom::Start(0))?;
    let mut out = OpenOptions::new().write(true).truncate(true).open(target)?;
    io::copy(&mut temp, &mut out)?;
    out.sync_all()
}

impl Drop for OutputFile {
    /// Stops the flushing thread before the temporary file is removed, so
    /// that no sync of it outlives the conversion.
    fn drop(&mut self) {
        if let Some(flusher) = self.flusher.take() {
            // Its error matters only to a commit, which took it before.
            let _ = flusher.stop();
        }
    }
}

impl Drop for Staged {
    /// Removes the temporary file if it was not renamed.
    fn drop(&mut self) {
        let mut registered = lock();
        drop(self.temp.take());
        *registered = None;
    }
}

/// Creates the temporary file in the target's directory, with the target's
/// mode and owner, or for a new target the mode of a plain create.
fn temporary_beside(target: &Path, meta: Option<&Metadata>) -> io::Result<NamedTempFile> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "output".into());
    // At most the first 64 bytes of the name, so that the temporary name
    // (17 bytes more) stays within a file system's 255 for any target.
    let cut = (0..=name.len().min(64)).rev().find(|&k| name.is_char_boundary(k)).unwrap_or(0);
    let prefix = format!(".{}.utfx-", &name[..cut]);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    let Some(meta) = meta else {
        // The kernel applies the umask, as to any new file.
        #[cfg(unix)]
        builder.permissions(PermissionsExt::from_mode(0o666));
        return builder.tempfile_in(dir);
    };
    // Created 0600, so no one else can read it before it is final.
    let temp = builder.tempfile_in(dir)?;
    keep_owner(temp.as_file(), meta)?;
    // After the owner: a change of owner clears the set-user-ID bits.
    temp.as_file().set_permissions(meta.permissions())?;
    Ok(temp)
}

/// The error of creating the temporary file without its name, which
/// `tempfile` appends (`... at path "/dir/.out.utfx-FU9aUv.tmp"`): the user
/// named the target, and the message names that.
fn without_temporary_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.find(" at path ") {
        Some(end) => io::Error::new(e.kind(), &text[..end]),
        None => e,
    }
}

/// Gives `file` the owner and group of `meta`, or only the group, or
/// neither, as far as the process may.
#[cfg(unix)]
fn keep_owner(file: &File, meta: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let denied = |e: &io::Error| e.kind() == ErrorKind::PermissionDenied;
    match std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())) {
        Err(e) if denied(&e) => match std::os::unix::fs::fchown(file, None, Some(meta.gid())) {
            Err(e) if denied(&e) => Ok(()),
            other => other,
        },
        other => other,
    }
}

/// Owners are a Unix matter.
#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &Metadata) -> io::Result<()> {
    Ok(())
}

/// Locks the registration of the temporary file, whatever a panic left.
fn lock() -> MutexGuard<'static, Option<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts, once, a thread that on SIGINT, SIGTERM or SIGHUP removes the
/// temporary file and then dies of the same signal, so the shell sees
/// 128 + its number (130, 143, 129).
#[cfg(unix)]
fn watch_signals() {
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            // Without the watch, a signal leaves the temporary file behind,
            // as before; the conversion itself is unaffected.
            return;
        };
        let spawned = std::thread::Builder::new().name("signals".into()).spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until the process ends: no rename after the removal.
                let mut registered = lock();
                if let Some(path) = registered.take() {
                    let _ = fs::remove_file(path);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
        drop(spawned);
    });
}

/// Elsewhere, a signal may leave the temporary file behind.
#[cfg(not(unix))]
fn watch_signals() {}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::{FLUSH_STEP, OutputFile};

    #[test]
    fn a_temporary_file_is_flushed_as_it_grows_and_committed_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.bin");
        let mut output = OutputFile::create(&path).unwrap();
        let chunk: Vec<u8> = (0..1 << 20).map(|k: u32| (k % 251) as u8).collect();
        let chunks = FLUSH_STEP / (1 << 20) + 1;
        let mut writer = output.writer();
        for _ in 0..chunks {
            writer.write_all(&chunk).unwrap();
        }
        // One step past FLUSH_STEP: one flush asked for, and made.
        assert_eq!(output.flusher.take().unwrap().stop().unwrap(), 1);
        output.commit(&path).unwrap();
        let written = std::fs::read(&path).unwrap();
        assert_eq!(written.len() as u64, chunks * (1 << 20));
        assert!(written.chunks(1 << 20).all(|c| c == chunk.as_slice()));
    }
}
