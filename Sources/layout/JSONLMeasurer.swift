import Dispatch
import Foundation
import LayoutEngine
import TextLayout

/// Streams `--jsonl` cases: reads standard input in batches of lines, measures each batch on all
/// cores, and writes the answers in input order. A bad line is answered with an error and never
/// stops the others.
struct JSONLMeasurer {
    let engine: TextEngine
    var batchSize = 512

    /// Returns false if any case failed.
    func run(input: FileHandle, output: FileHandle) -> Bool {
        var pending = Data()
        var lineNumber = 0
        var allOK = true
        var batch: [(Int, Data)] = []
        func flush() {
            guard !batch.isEmpty else { return }
            let (text, ok) = answer(batch)
            output.write(Data(text.utf8))
            allOK = allOK && ok
            batch.removeAll(keepingCapacity: true)
        }
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let nl = pending.firstIndex(of: 0x0A) {
                lineNumber += 1
                let line = pending[pending.startIndex..<nl]
                pending = pending[(nl + 1)...]
                if !isBlank(line) { batch.append((lineNumber, Data(line))) }
                if batch.count >= batchSize { flush() }
            }
        }
        if !isBlank(pending) {
            lineNumber += 1
            batch.append((lineNumber, Data(pending)))
        }
        flush()
        return allOK
    }

    private func isBlank(_ d: Data) -> Bool { d.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }

    /// Measures a batch concurrently; returns the output text and whether every case succeeded.
    private func answer(_ batch: [(Int, Data)]) -> (String, Bool) {
        let results = Slots(count: batch.count)
        let engine = self.engine
        DispatchQueue.concurrentPerform(iterations: batch.count) { i in
            let (lineNumber, data) = batch[i]
            do throws(MeasureRequestError) {
                let request = try MeasureRequest.decode(jsonLine: data)
                do {
                    let r = try engine.measure(request.text, style: request.style, width: request.width)
                    results.set(i, (r.jsonLine(idJSON: request.idJSON), true))
                } catch {
                    results.set(i, (measureErrorLine(idJSON: request.idJSON, message: "input line \(lineNumber): \(error)"), false))
                }
            } catch {
                results.set(i, (measureErrorLine(idJSON: error.idJSON, message: "input line \(lineNumber): \(error.message)"), false))
            }
        }
        var out = ""
        var ok = true
        for (line, good) in results.values {
            out += line
            out += "\n"
            ok = ok && good
        }
        return (out, ok)
    }
}

/// Fixed slots written from several threads, each by exactly one writer.
private final class Slots: @unchecked Sendable {
    private(set) var values: [(String, Bool)]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: ("", false), count: count) }
    func set(_ i: Int, _ v: (String, Bool)) {
        lock.lock()
        values[i] = v
        lock.unlock()
    }
}
