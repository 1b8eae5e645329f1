//! Files grundy reads and writes. Reads open regular files only ([`open_regular`]:
//! never a FIFO, a device or a directory, refused before a byte is read). Writes go
//! through a temporary created exclusively beside the target (never through a
//! symlink, never over anything but a regular file), renamed over the target only
//! once it is whole, and removed on any failure.
//!
//! ```
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("out.txt");
//! grundy_engine::files::write_atomically(&path, |f| std::io::Write::write_all(f, b"hi")).unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"hi");
//! ```

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The target is a symbolic link, which grundy never writes through.
    #[error("{0}: is a symbolic link; grundy writes only regular files, not through links")]
    Symlink(PathBuf),
    /// The target exists and is not a regular file (a directory, a FIFO, a device).
    #[error("{0}: exists and is not a regular file")]
    NotRegular(PathBuf),
    /// A file to read is not a regular file: what it is instead.
    #[error("{path}: is {kind}, not a regular file; grundy reads only regular files")]
    NotReadable {
        /// The file.
        path: PathBuf,
        /// What it is: "a directory", "a FIFO", "a socket", "a device".
        kind: &'static str,
    },
    /// A file to read is larger than the reader takes.
    #[error("{path}: is {size} bytes, more than the {limit} bytes read")]
    TooLarge {
        /// The file read.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The most bytes read.
        limit: u64,
    },
    /// Creating, writing, reading or renaming failed.
    #[error("{path}: cannot {doing}: {error}")]
    Io {
        /// The file written.
        path: PathBuf,
        /// What was being done.
        doing: &'static str,
        /// What failed.
        error: io::Error,
    },
}

/// The bytes of the regular file `path`, refused (before anything is allocated) when
/// it holds more than `limit` bytes.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let io = |doing: &'static str| {
        move |error| FileError::Io {
            path: path.to_owned(),
            doing,
            error,
        }
    };
    let file = open_regular(path)?;
    let meta = file.metadata().map_err(io("read its size"))?;
    if meta.len() > limit {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            size: meta.len(),
            limit,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io("read it"))?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// The regular file `path`, opened for reading; anything else (a directory, a FIFO,
/// a socket, a device) is refused with [`FileError::NotRegular`] before a byte is
/// read. The file is opened without blocking (`O_NONBLOCK` on Unix), so that a FIFO
/// with no writer cannot hold the open, and its type is then read from the open
/// descriptor (`fstat`), so that nothing can be swapped in between the check and the
/// read (the flag changes nothing for a regular file, whose reads never wait).
/// Every file grundy reads is opened through here.
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    let io = |doing: &'static str| {
        move |error| FileError::Io {
            path: path.to_owned(),
            doing,
            error,
        }
    };
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io("open it"))?;
    let meta = file.metadata().map_err(io("look at it"))?;
    if !meta.is_file() {
        return Err(FileError::NotReadable {
            path: path.to_owned(),
            kind: kind_of(&meta.file_type()),
        });
    }
    Ok(file)
}

/// What a file that is not a regular file is, in words.
fn kind_of(t: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "something else"
    }
}

/// Checks that `path` may be written: it is absent or a regular file (not a symlink),
/// and a temporary can be created beside it. Run before long work, so that a path
/// that cannot be written is found before the work, not after it.
pub fn check_writable(path: &Path) -> Result<(), FileError> {
    check_target(path)?;
    let (probe, file) = create_temporary(path)?;
    drop(file);
    fs::remove_file(&probe).map_err(|error| FileError::Io {
        path: path.to_owned(),
        doing: "remove a file beside it",
        error,
    })
}

/// Writes `path` through `write`: into a temporary created exclusively beside it,
/// synced, then renamed over `path`. On any failure the temporary is removed and
/// `path` is left as it was.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), FileError> {
    check_target(path)?;
    let (temporary, mut file) = create_temporary(path)?;
    let written = write(&mut file)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            fs::rename(&temporary, path)
        });
    written.map_err(|error| {
        let _ = fs::remove_file(&temporary);
        FileError::Io {
            path: path.to_owned(),
            doing: "write it",
            error,
        }
    })
}

/// `path` is absent, or a regular file that is not a symbolic link.
fn check_target(path: &Path) -> Result<(), FileError> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(FileError::Io {
            path: path.to_owned(),
            doing: "look at it",
            error,
        }),
        Ok(m) if m.file_type().is_symlink() => Err(FileError::Symlink(path.to_owned())),
        Ok(m) if !m.file_type().is_file() => Err(FileError::NotRegular(path.to_owned())),
        Ok(_) => Ok(()),
    }
}

/// A new file beside `path`, created exclusively (`O_CREAT | O_EXCL`: it fails on
/// any existing name, a symbolic link included, and follows none).
fn create_temporary(path: &Path) -> Result<(PathBuf, File), FileError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let temporary = dir.join(format!(
        ".{name}.{}.{}.partial",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    match OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
    {
        Ok(file) => Ok((temporary, file)),
        Err(error) => Err(FileError::Io {
            path: path.to_owned(),
            doing: "create a file beside it",
            error,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".partial"))
            .collect()
    }

    #[test]
    fn writes_and_replaces_whole_files() {
        let d = dir();
        let path = d.path().join("c");
        write_atomically(&path, |f| f.write_all(b"one")).unwrap();
        write_atomically(&path, |f| f.write_all(b"two")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert!(leftovers(d.path()).is_empty());
    }

    #[test]
    fn a_failed_write_leaves_the_target_and_no_temporary() {
        let d = dir();
        let path = d.path().join("c");
        fs::write(&path, b"old").unwrap();
        let err = write_atomically(&path, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("disk full"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(leftovers(d.path()).is_empty());
    }

    #[test]
    fn symlinks_and_special_files_are_refused() {
        let d = dir();
        let victim = d.path().join("victim");
        fs::write(&victim, b"keep").unwrap();
        let link = d.path().join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = write_atomically(&link, |f| f.write_all(b"x")).unwrap_err();
        assert!(matches!(err, FileError::Symlink(_)), "{err}");
        assert_eq!(fs::read(&victim).unwrap(), b"keep");
        // A directory (a FIFO is refused the same way, before any open).
        let sub = d.path().join("sub");
        fs::create_dir(&sub).unwrap();
        assert!(matches!(
            write_atomically(&sub, |f| f.write_all(b"x")),
            Err(FileError::NotRegular(_))
        ));
        assert!(check_writable(&link).is_err());
    }

    #[test]
    fn a_fifo_is_refused_without_opening_it() {
        let d = dir();
        let fifo = d.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success(), "mkfifo makes the FIFO");
        assert!(matches!(
            check_writable(&fifo),
            Err(FileError::NotRegular(_))
        ));
        assert!(matches!(
            write_atomically(&fifo, |f| f.write_all(b"x")),
            Err(FileError::NotRegular(_))
        ));
    }

    #[test]
    fn an_unwritable_directory_is_found_before_the_work() {
        let d = dir();
        let path = d.path().join("missing-dir").join("c");
        assert!(check_writable(&path).is_err());
        assert!(check_writable(&d.path().join("ok")).is_ok());
        assert!(leftovers(d.path()).is_empty());
    }
}
