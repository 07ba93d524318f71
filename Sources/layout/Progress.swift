import Foundation

/// Progress on standard error for long work, only when standard error is a terminal (and
/// `--quiet` is not given): after half a second, one line rewritten in place every quarter second
/// with the current phase and the time so far, erased when the work ends. Pipes and files never
/// see it. `LAYOUT_PROGRESS_AFTER` (seconds) changes the half second (tests use 0).
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var phase: String
    private var running = true
    private var shown = false
    private let start = Date()

    /// A progress line for work starting in `phase`, or nil when it must stay silent.
    static func start(_ phase: String, quiet: Bool, forceTerminal: Bool = false) -> Progress? {
        guard !quiet, forceTerminal || isatty(STDERR_FILENO) == 1 else { return nil }
        let delay = ProcessInfo.processInfo.environment["LAYOUT_PROGRESS_AFTER"].flatMap(Double.init) ?? 0.5
        let progress = Progress(phase: phase)
        if delay <= 0 { progress.draw() }  // at once (and deterministically) when asked for no delay
        let thread = Thread { progress.loop(after: delay) }
        thread.start()
        return progress
    }

    private init(phase: String) { self.phase = phase }

    /// The phase now under way ("reading the spec", "laying out", "writing").
    func set(_ phase: String) {
        lock.lock()
        self.phase = phase
        lock.unlock()
    }

    /// Ends the progress line (erasing it if it was shown).
    func stop() {
        lock.lock()
        running = false
        let erase = shown
        lock.unlock()
        if erase { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func loop(after delay: Double) {
        Thread.sleep(forTimeInterval: max(delay, 0.25))
        while draw() { Thread.sleep(forTimeInterval: 0.25) }
    }

    /// Writes the line; false once stopped.
    @discardableResult
    private func draw() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard running else { return false }
        shown = true
        let line = "\r\u{1B}[Klayout: \(phase)… \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
        FileHandle.standardError.write(Data(line.utf8))
        return true
    }
}
