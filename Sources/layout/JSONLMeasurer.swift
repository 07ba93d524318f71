import Foundation
import LayoutEngine
import TextLayout

/// Streams `--jsonl` cases through a pipeline: a reader thread cuts standard input into lines,
/// worker threads (one per core) measure them, and the calling thread writes the answers in
/// input order as soon as each one and every one before it is ready.
///
/// Lines are handed out in chunks of what one read returned (at most `chunkLines`), so a process
/// that writes one line and waits gets its answer at once, while a file is measured in chunks
/// that keep every core busy. At most `chunksInFlight` chunks are read ahead of the writer, so
/// memory stays bounded whatever the input's size. A bad line is answered with an error and
/// never stops the others.
final class JSONLMeasurer: @unchecked Sendable {
    let engine: TextEngine
    let workers: Int
    let chunkLines: Int
    let chunksInFlight: Int

    /// A chunk of input lines: (line number, bytes), the line number counting blank lines too.
    private typealias Chunk = [(Int, [UInt8])]

    // State shared by the reader, the workers and the writer, guarded by `lock`.
    private let lock = NSCondition()
    private var queue: [(Int, Chunk)] = []
    private var queueHead = 0
    private var readerDone = false
    private var inFlight = 0
    private var answers: [Int: (String, Bool)] = [:]
    private var chunkCount = 0

    /// `--strict`: a case with a warning is answered with an error.
    var strict = false

    init(engine: TextEngine, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
         chunkLines: Int = 64, chunksInFlight: Int? = nil) {
        self.engine = engine
        self.workers = max(1, workers)
        self.chunkLines = max(1, chunkLines)
        self.chunksInFlight = chunksInFlight ?? max(8, 4 * max(1, workers))
    }

    /// Measures every case of `input`, writing the answers to `output`; false if any case failed.
    func run(input: FileHandle, output: FileHandle) -> Bool {
        let reader = Thread { [self] in read(input) }
        reader.stackSize = 1 << 20
        reader.start()
        var threads: [Thread] = []
        for _ in 0..<workers {
            let t = Thread { [self] in work() }
            t.stackSize = 8 << 20
            t.start()
            threads.append(t)
        }
        return write(output)
    }

    // MARK: Reader

    private func read(_ input: FileHandle) {
        var pending: [UInt8] = []
        var lineNumber = 0
        func enqueue(_ chunk: Chunk) {
            lock.lock()
            while inFlight >= chunksInFlight { lock.wait() }
            queue.append((chunkCount, chunk))
            chunkCount += 1
            inFlight += 1
            lock.broadcast()
            lock.unlock()
        }
        while true {
            let data = input.availableData
            if data.isEmpty { break }
            pending.append(contentsOf: data)
            var chunk: Chunk = []
            var start = 0
            while let nl = pending[start...].firstIndex(of: 0x0A) {
                lineNumber += 1
                if !isBlank(pending[start..<nl]) { chunk.append((lineNumber, Array(pending[start..<nl]))) }
                start = nl + 1
                if chunk.count >= chunkLines {
                    enqueue(chunk)
                    chunk = []
                }
            }
            pending.removeFirst(start)
            if !chunk.isEmpty { enqueue(chunk) }
        }
        if !isBlank(pending[...]) {
            lineNumber += 1
            enqueue([(lineNumber, pending)])
        }
        lock.lock()
        readerDone = true
        lock.broadcast()
        lock.unlock()
    }

    private func isBlank(_ d: ArraySlice<UInt8>) -> Bool { d.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }

    // MARK: Workers

    private func work() {
        while true {
            lock.lock()
            while queueHead == queue.count && !readerDone { lock.wait() }
            if queueHead == queue.count {
                lock.unlock()
                return
            }
            let (index, chunk) = queue[queueHead]
            queueHead += 1
            if queueHead > 1024, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            lock.unlock()
            let answer = answer(chunk)
            lock.lock()
            answers[index] = answer
            lock.broadcast()
            lock.unlock()
        }
    }

    /// Measures one chunk; returns its output text and whether every case succeeded.
    private func answer(_ chunk: Chunk) -> (String, Bool) {
        var out = ""
        var ok = true
        for (lineNumber, bytes) in chunk {
            do throws(MeasureRequestError) {
                let request = try MeasureRequest.decode(jsonLine: bytes)
                if strict, let warning = request.warnings.first {
                    out += measureErrorLine(idJSON: request.idJSON, message: "input line \(lineNumber): \(warning) (an error with --strict)")
                    out += "\n"
                    ok = false
                    continue
                }
                do {
                    let r = try request.attributedText.map { try engine.measure($0, style: request.style, width: request.width) }
                        ?? engine.measure(request.text, style: request.style, width: request.width)
                    out += r.jsonLine(idJSON: request.idJSON, warnings: request.warnings + r.warnings.map { $0.hasPrefix("runs[") ? "text" + $0.dropFirst(4) : $0 } + r.missingCharacterWarnings)
                } catch {
                    out += measureErrorLine(idJSON: request.idJSON, message: "input line \(lineNumber): \(error)")
                    ok = false
                }
            } catch {
                out += measureErrorLine(idJSON: error.idJSON, message: "input line \(lineNumber): \(error.message)")
                ok = false
            }
            out += "\n"
        }
        return (out, ok)
    }

    // MARK: Writer

    private func write(_ output: FileHandle) -> Bool {
        var next = 0
        var allOK = true
        while true {
            lock.lock()
            while answers[next] == nil && !(readerDone && next == chunkCount) { lock.wait() }
            if readerDone && next == chunkCount {
                lock.unlock()
                return allOK
            }
            // Every answer ready in order, written with one call.
            var text = ""
            while let (chunkText, ok) = answers.removeValue(forKey: next) {
                text += chunkText
                allOK = allOK && ok
                next += 1
                inFlight -= 1
            }
            lock.broadcast()
            lock.unlock()
            output.write(Data(text.utf8))
        }
    }
}
