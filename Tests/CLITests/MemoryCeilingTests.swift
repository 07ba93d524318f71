import Foundation
import Testing

/// Bounded memory (issue 12): a million distinct words streamed through one `layout measure
/// --jsonl` process. Its resident memory (read from /proc while it waits for more input) stops
/// growing once the caches are full: the last 700,000 words add less than 32 MB (2.3 MB measured), where caches
/// without bounds would add several hundred. A process of its own, so that no other test's
/// allocations count. Linux only (/proc); skipped elsewhere.
@Suite struct MemoryCeilingTests {
    static func residentKB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"))
    func aMillionDistinctWordsKeepResidentMemoryFlat() throws {
        let executable = try #require(LayoutBinary.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["measure", "--jsonl"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let (first, total) = (300_000, 1_000_000)
        let firstRead = DispatchSemaphore(value: 0), sampled = DispatchSemaphore(value: 0)
        let writer = Thread {
            func write(_ range: Range<Int>) {
                var chunk = ""
                for i in range {
                    chunk += "{\"text\":\"w\(String(i, radix: 36))\",\"width\":100,\"size\":17}\n"
                    if chunk.utf8.count > 1 << 16 {
                        input.fileHandleForWriting.write(Data(chunk.utf8))
                        chunk = ""
                    }
                }
                input.fileHandleForWriting.write(Data(chunk.utf8))
            }
            write(0..<first)
            firstRead.wait()
            write(first..<total)
            sampled.wait()  // stay open: the process must be alive when it is sampled
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        var answers = 0
        var atFirst: Int?, atEnd: Int?
        while answers < total {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            let before = answers
            answers += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            if before < first && answers >= first {
                atFirst = Self.residentKB(process.processIdentifier)
                firstRead.signal()
            }
        }
        atEnd = Self.residentKB(process.processIdentifier)
        sampled.signal()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(answers == total)
        #expect(process.terminationStatus == 0)
        let a = try #require(atFirst), b = try #require(atEnd)
        #expect(b - a < 32 * 1024, "resident \(a) KB after \(first) words, \(b) KB after \(total)")
    }
}
