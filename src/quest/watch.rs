//! Quest files that change while the game or `hollowdeep validate --watch` runs (hot reload).
//! The `notify` crate does the watching (inotify, FSEvents or ReadDirectoryChangesW); this
//! module turns its events into "these quest files now hold something else", once the writing
//! has settled. Folders are watched rather than files, so an editor that saves by writing a new
//! file and renaming it over the old one is still seen. A file is reported only when its bytes
//! differ from the last ones seen (a `touch`, or the game reading the file, is not a change).
//! Nothing here touches the game: the caller decides what a change means.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use notify::Watcher as _;

/// How long a file must be quiet before it is read again: an editor's save is often a few
/// writes in a row, and a half-written quest would show a false error for a moment.
pub const SETTLE: Duration = Duration::from_millis(120);

/// Called from the watching thread after each event (the window uses it to wake up).
pub type Wake = Box<dyn Fn() + Send + Sync>;

/// Watches folders for quest and board files (`.ron`, and HeroScribe's `.xml`) that change.
pub struct Watcher {
    inner: notify::RecommendedWatcher,
    events: Mutex<Receiver<(PathBuf, Instant)>>,
    /// The folders watched.
    folders: Vec<PathBuf>,
    /// What each file held when last read (None: no such file).
    seen: BTreeMap<PathBuf, Option<u64>>,
    /// Files with events not yet settled, and when their last event came.
    settling: BTreeMap<PathBuf, Instant>,
}

/// Is this the name of a file the game reads quests or boards from?
pub fn is_quest_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "ron") || super::import::is_heroscribe(path)
}

/// The folder a file is in ("." for a bare file name).
fn folder_of(file: &Path) -> &Path {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A fingerprint of a file's bytes (None: it cannot be read, or is gone).
fn fingerprint(path: &Path) -> Option<u64> {
    let bytes = crate::reading::read_limited(path, crate::reading::limits::QUEST).ok()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    Some(h.finish())
}

impl Watcher {
    /// A watcher with no folders yet; `wake` runs on the watching thread after each event.
    pub fn new(wake: Option<Wake>) -> Result<Watcher, String> {
        let (tx, rx) = channel();
        let inner = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            let Ok(event) = res else { return };
            // Reads and opens say nothing about the content.
            if matches!(event.kind, notify::EventKind::Access(a) if !matches!(a, notify::event::AccessKind::Close(notify::event::AccessMode::Write)))
            {
                return;
            }
            let now = Instant::now();
            let mut any = false;
            for p in event.paths.into_iter().filter(|p| is_quest_file(p)) {
                any = true;
                let _ = tx.send((p, now));
            }
            if any && let Some(wake) = &wake {
                wake();
            }
        })
        .map_err(|e| format!("cannot watch files for changes: {e}"))?;
        Ok(Watcher {
            inner,
            events: Mutex::new(rx),
            folders: Vec::new(),
            seen: BTreeMap::new(),
            settling: BTreeMap::new(),
        })
    }

    /// Watches `folder` (not its sub-folders): its quest files' changes are reported from now
    /// on. Watching a folder twice is one watch.
    pub fn watch(&mut self, folder: &Path) -> Result<(), String> {
        let folder = folder
            .canonicalize()
            .map_err(|e| format!("{}: {e}", folder.display()))?;
        if self.folders.contains(&folder) {
            return Ok(());
        }
        self.inner
            .watch(&folder, notify::RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
        if let Ok(entries) = std::fs::read_dir(&folder) {
            for p in entries.flatten().map(|e| e.path()).filter(|p| is_quest_file(p)) {
                let print = fingerprint(&p);
                self.seen.insert(p, print);
            }
        }
        self.folders.push(folder);
        Ok(())
    }

    /// Watches the folder a file is in (for a quest opened by path, and its board).
    pub fn watch_file(&mut self, file: &Path) -> Result<(), String> {
        self.watch(folder_of(file))
    }

    /// Some file has events that have not settled yet: ask again after `SETTLE`.
    pub fn settling(&self) -> bool {
        !self.settling.is_empty()
    }

    /// The quest files whose content changed (or that came or went) since the last call, once
    /// settled; sorted. Never blocks.
    pub fn changed(&mut self) -> Vec<PathBuf> {
        if let Ok(rx) = self.events.lock() {
            for (p, at) in rx.try_iter() {
                self.settling.insert(p, at);
            }
        }
        let now = Instant::now();
        let ready: Vec<PathBuf> = self
            .settling
            .iter()
            .filter(|(_, at)| now.duration_since(**at) >= SETTLE)
            .map(|(p, _)| p.clone())
            .collect();
        let mut changed = Vec::new();
        for p in ready {
            self.settling.remove(&p);
            let print = fingerprint(&p);
            let before = self.seen.insert(p.clone(), print);
            if before != Some(print) {
                changed.push(p);
            }
        }
        changed
    }

    /// Waits until some quest file changes (at most `timeout`; None: for ever) and returns the
    /// changed files (empty when the time ran out).
    pub fn wait(&mut self, timeout: Option<Duration>) -> Vec<PathBuf> {
        let until = timeout.map(|t| Instant::now() + t);
        loop {
            let changed = self.changed();
            if !changed.is_empty() {
                return changed;
            }
            let now = Instant::now();
            if until.is_some_and(|u| now >= u) {
                return Vec::new();
            }
            // Asleep until the next event, or until the files waiting have settled.
            let mut nap = if self.settling() {
                SETTLE / 2
            } else {
                Duration::from_secs(3600)
            };
            if let Some(u) = until {
                nap = nap.min(u - now);
            }
            let Ok(rx) = self.events.lock() else { return Vec::new() };
            if let Ok((p, at)) = rx.recv_timeout(nap) {
                drop(rx);
                self.settling.insert(p, at);
            }
        }
    }
}

/// Is `a` the file `b`, by whatever name (a file just removed is compared by folder and name)?
pub fn same_file(a: &Path, b: &Path) -> bool {
    fn resolve(p: &Path) -> Option<PathBuf> {
        p.canonicalize()
            .ok()
            .or_else(|| Some(folder_of(p).canonicalize().ok()?.join(p.file_name()?)))
    }
    a == b || resolve(a).is_some_and(|r| Some(r) == resolve(b))
}
