//! Removing the temporary output file when the run is interrupted.
//!
//! A process killed by a signal runs no destructors, so the `.iccf-*.tmp`
//! file an [`crate::io::Output`] writes to would stay behind. Every signal
//! whose default action ends the process is covered (see [`SIGNALS`]) but
//! SIGKILL and SIGSTOP, which cannot be caught, SIGPIPE, which Rust ignores
//! (a closed pipe is a write error), and the signals of a fault in the
//! program itself (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT), after which
//! nothing should run.
//!
//! [`remove_on_signal`] installs handlers that unlink that file and then end
//! the process by the same signal (exit status 128 + signal in a shell), as
//! if no handler had been installed. The handler only calls async-signal-safe
//! functions (`unlink`, `signal`, `raise`) on a path prepared beforehand.

use std::path::Path;

#[cfg(unix)]
mod imp {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// The temporary file to remove, a leaked C string; null for none.
    static TEMP: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    /// Sent by people and by the system: Ctrl-C, kill, a closed terminal,
    /// Ctrl-\\, `kill -USR1`, timers, and the CPU time and file size limits
    /// (`ulimit -t`, `ulimit -f`). A program that ignores SIGXFSZ, as the
    /// `iccf` binary and Python do, gets "File too large" from the write
    /// instead, and removes the file on that error.
    pub const SIGNALS: [libc::c_int; 11] = [
        libc::SIGINT,
        libc::SIGTERM,
        libc::SIGHUP,
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGXCPU,
        libc::SIGXFSZ,
    ];

    extern "C" fn on_signal(signal: libc::c_int) {
        let path = TEMP.swap(std::ptr::null_mut(), Ordering::SeqCst);
        // SAFETY: `path` is null or a NUL-terminated string leaked by
        // `remove_on_signal` and never freed; unlink, signal and raise are
        // async-signal-safe.
        unsafe {
            if !path.is_null() {
                libc::unlink(path);
            }
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    pub fn remove_on_signal(path: &Path) {
        let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
            return;
        };
        // Leaked on purpose: the handler may read it until the process ends.
        TEMP.store(c_path.into_raw(), Ordering::SeqCst);
        for signal in SIGNALS {
            // SAFETY: installing a handler that only uses async-signal-safe
            // calls. A signal ignored by the parent (nohup) stays ignored.
            unsafe {
                let previous = libc::signal(
                    signal,
                    on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
                );
                if previous == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    }

    pub fn forget() {
        TEMP.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

/// The signals after which the temporary file is removed.
#[cfg(unix)]
pub use imp::SIGNALS;

/// From now on, the [`SIGNALS`] delete `path` before ending the process. Call [`forget`] once the file has been renamed or removed.
pub fn remove_on_signal(path: &Path) {
    #[cfg(unix)]
    imp::remove_on_signal(path);
    #[cfg(not(unix))]
    let _ = path;
}

/// No file to remove any more: a signal now just ends the process.
pub fn forget() {
    #[cfg(unix)]
    imp::forget();
}
