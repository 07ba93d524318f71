import Foundation
import Testing
import LayoutEngine

/// `layout measure` and `layout measure --jsonl`, run as the built binary (docs/CONTRACT.md).
@Suite struct MeasureCommandTests {
    /// Runs `layout` with raw bytes on standard input (written from another thread, so a large
    /// answer cannot block the pipe).
    static func run(_ arguments: [String], bytes: Data) throws -> LayoutBinary.Output {
        let executable = try #require(LayoutBinary.url, "the layout executable was not found")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        let writer = Thread {
            inPipe.fileHandleForWriting.write(bytes)
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LayoutBinary.Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func measuresOneText() throws {
        let o = try LayoutBinary.run(["measure", "--font", "DejaVu Sans", "--size", "16", "Hello"])
        #expect(o.status == 0)
        let r = try #require(try Self.objects(o.stdout).first)
        // One line of DejaVu Sans 16: (1901 + 483) · 16 / 2048 = 18.625.
        #expect(r["height"] as? Double == 18.625)
        #expect(r["lineCount"] as? Int == 1)
        #expect(r["truncated"] as? Bool == false)
        let line = try #require((r["lines"] as? [[String: Any]])?.first)
        #expect(line["text"] as? String == "Hello")
        #expect(line["range"] as? [Int] == [0, 5])
        #expect(line["y"] as? Int == 0)
    }

    /// `--runs` (issue 11: attributed text on the command line) answers as a `--jsonl` case with the
    /// same runs does; a bad run is an error naming it, exit 1.
    @Test func runsOnTheCommandLine() throws {
        let runs = #"[{"text": "@Kenshin Cui", "font": "DejaVu Sans Bold"}, {"text": " 今天 "}, {"attachment": {"width": 18, "height": 18, "baseline": -3}}]"#
        let o = try LayoutBinary.run(["measure", "--width", "120", "--runs", runs])
        #expect(o.status == 0, "\(o.stderr)")
        let j = try LayoutBinary.run(["measure", "--jsonl"], input: #"{"width": 120, "text": "# + runs + "}\n")
        #expect(o.stdout == j.stdout)
        #expect(try Self.objects(o.stdout).first?["lineCount"] as? Int == 2)
        let bad = try LayoutBinary.run(["measure", "--runs", #"[{"text": "a"}, {"text": "b", "size": -1}]"#])
        #expect(bad.status == 1)
        #expect(bad.stderr == "layout measure: --runs: text[1].size: must be > 0\n")
        let rtl = try LayoutBinary.run(["measure", "--direction", "rtl", "abc"])
        #expect(try Self.objects(rtl.stdout).first?["direction"] as? String == "rtl")
    }

    @Test func optionsReachTheEngine() throws {
        let o = try LayoutBinary.run(["measure", "--size", "16", "--width", "30", "--lines", "2",
                                      "--line-break-mode", "truncate-tail", "--line-spacing", "3", "--scale", "2",
                                      "one two three four five"])
        #expect(o.status == 0)
        let r = try #require(try Self.objects(o.stdout).first)
        #expect(r["lineCount"] as? Int == 2)
        #expect(r["truncated"] as? Bool == true)
        // 2 × 18.625 + 3 = 40.25 → rounded up to 1/2: 40.5.
        #expect(r["height"] as? Double == 40.5)
        let lines = try #require(r["lines"] as? [[String: Any]])
        #expect((lines[1]["text"] as? String)?.hasSuffix("\u{2026}") == true)
    }

    @Test func jsonlAnswersEveryLineInOrderAndErrorsNameTheCase() throws {
        let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/DejaVuSans.ttf").path
        var input = Data()
        input += Data(#"{"id":"a","text":"Hello world","size":16,"width":50}"#.utf8) + Data([10])
        input += Data(#"{"id":"b","text":"x","size":-1}"#.utf8) + Data([10])
        input += Data(#"{"id":"c","text":"x","lineBreakMode":"justify"}"#.utf8) + Data([10])
        input += Data(#"{"id":"d","text":"x","font":"/no/such/font.ttf"}"#.utf8) + Data([10])
        input += Data(#"{"id":"e","text":"#.utf8) + Data([10])  // malformed JSON
        input += Data(#"{"id":"f","text":"a"#.utf8) + Data([0xFF, 0xFE]) + Data(#""}"#.utf8) + Data([10])  // invalid UTF-8
        input += Data(#"{"id":"g","text":"x","numberOfLines":-2}"#.utf8) + Data([10])
        input += Data(#"{"id":7,"text":"中文","font":"\#(font)","width":"wide"}"#.utf8) + Data([10])
        input += Data(#"{"id":"h","text":"x","size":"NaN"}"#.utf8) + Data([10])
        input += Data(#"{"id":"i","text":"ok","font":"\#(font)"}"#.utf8) + Data([10])
        let o = try Self.run(["measure", "--jsonl"], bytes: input)
        #expect(o.status == 1)  // some cases failed
        let rows = try Self.objects(o.stdout)
        #expect(rows.count == 10)
        #expect(rows[0]["id"] as? String == "a" && rows[0]["error"] == nil)
        #expect((rows[0]["lineCount"] as? Int ?? 0) >= 2)
        func error(_ i: Int) -> String { rows[i]["error"] as? String ?? "" }
        #expect(rows[1]["id"] as? String == "b" && error(1) == "input line 2: size: must be a finite number > 0 (got -1.0)")
        #expect(error(2).contains("lineBreakMode: must be one of word, char, clip, truncateHead, truncateMiddle, truncateTail"))
        #expect(error(3).contains("/no/such/font.ttf"))
        #expect(rows[4]["id"] is NSNull && error(4).hasPrefix("input line 5: malformed JSON"))
        #expect(error(5) == "input line 6: input is not valid UTF-8")
        #expect(error(6).contains("numberOfLines: must be ≥ 0"))
        #expect(rows[7]["id"] as? Int == 7 && error(7).contains("width: must be a number"))
        #expect(error(8).contains("size: must be a number"))
        #expect(rows[9]["id"] as? String == "i" && rows[9]["error"] == nil)
    }

    @Test func jsonlWithOnlyGoodCasesExitsZero() throws {
        let input = (0..<1200).map { #"{"id":\#($0),"text":"case \#($0) 中文","width":60}"# }.joined(separator: "\n")
        let o = try Self.run(["measure", "--jsonl"], bytes: Data(input.utf8))
        #expect(o.status == 0)
        let rows = try Self.objects(o.stdout)
        #expect(rows.map { $0["id"] as? Int } == (0..<1200).map { $0 })  // in order, across batches
    }

    @Test func badOptionValueIsAnError() throws {
        let o = try LayoutBinary.run(["measure", "--line-break-mode", "justify", "x"])
        #expect(o.status == 2)  // a usage error (contract: exit status 2), not swift-argument-parser's 64
        #expect(o.stderr.contains("--line-break-mode"))
        let size = try LayoutBinary.run(["measure", "--size", "0", "x"])
        #expect(size.status == 1)
        #expect(size.stderr.contains("size: must be a finite number > 0"))
    }

    @Test func versionPrintsTheLibraryVersion() throws {
        let o = try LayoutBinary.run(["--version"])
        #expect(o.status == 0)
        #expect(o.stdout.hasPrefix("layout \(LayoutEngineVersion.string) (result schema "))
    }

    @Test func aNegativeNumberIsAnOptionsValue() throws {
        // `--width -5` is read as `--width=-5` (a value the command refuses: exit 1, not a usage error).
        let spaced = try LayoutBinary.run(["measure", "--width", "-5", "x"])
        let joined = try LayoutBinary.run(["measure", "--width=-5", "x"])
        #expect(spaced.status == 1)
        #expect(spaced.status == joined.status && spaced.stderr == joined.stderr)
        #expect(spaced.stderr.contains("width: must be a finite number ≥ 0"))
    }

    @Test func lineBreakModesTakeTheCamelCaseAndTheOldSpelling() throws {
        let args = ["measure", "--width", "40", "--lines", "1", "Hello world, again"]
        let camel = try LayoutBinary.run(args + ["--line-break-mode", "truncateTail"])
        let hyphen = try LayoutBinary.run(args + ["--line-break-mode", "truncate-tail"])
        #expect(camel.status == 0)
        #expect(camel.stdout == hyphen.stdout)
        #expect(camel.stdout.contains("\"truncated\":true"))
        let jsonl = try LayoutBinary.run(["measure", "--jsonl"], input: """
            {"id":"a","text":"Hello world, again","width":40,"numberOfLines":1,"lineBreakMode":"truncateTail"}
            {"id":"b","text":"Hello world, again","width":40,"numberOfLines":1,"lineBreakMode":"truncate-tail"}

            """)
        let lines = jsonl.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: "\"id\":\"b\"", with: "\"id\":\"a\"") }
        #expect(jsonl.status == 0)
        #expect(lines.count == 2 && lines[0] == lines[1])
    }

    @Test func jsonlAnswersALineBeforeTheNextIsWritten() throws {
        // A client that writes one case and keeps its pipe open gets the answer before it writes
        // the next: a shell holds a FIFO open, writes one line, waits (up to 10 s) for an answer in
        // the output file, records how many answers there were, then writes the second and closes.
        // (Run through /bin/sh so that no reader of this test blocks a thread of the test runner.)
        let executable = try #require(LayoutBinary.url)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
            cd "$1" && mkfifo in || exit 1
            ( timeout 20 "$2" measure --jsonl < in > out; echo "status $?" > status ) &
            exec 3> in
            printf '%s\\n' '{"id":"first","text":"Hello","width":100}' >&3
            i=0; while [ ! -s out ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
            wc -l < out > before
            printf '%s\\n' '{"id":"second","text":"Hello","width":100}' >&3
            exec 3>&-
            wait
            """
        let o = try LayoutBinary.runShell(script, arguments: [directory.path, executable.path])
        #expect(o.status == 0, "\(o.stderr)")
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        #expect(before.trimmingCharacters(in: .whitespacesAndNewlines) == "1")  // answered while the input was open
        let answers = try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8).split(separator: "\n")
        #expect(answers.count == 2)
        #expect(answers.first?.hasPrefix(#"{"id":"first","width":"#) == true)
        #expect(answers.last?.hasPrefix(#"{"id":"second","width":"#) == true)
        let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "status 0")
    }

    @Test func jsonlWarnsAboutUnknownFields() throws {
        let o = try LayoutBinary.run(["measure", "--jsonl"], input: """
            {"id":"a","text":"Hello","widht":10}
            {"id":"b","text":"Hello"}

            """)
        #expect(o.status == 0)
        let lines = o.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        // The misspelt width is not applied (one unlimited line) and the answer says so.
        #expect(lines[0].hasPrefix(#"{"id":"a","warnings":["widht: unknown field, ignored (did you mean \"width\"?)"],"width":"#))
        #expect(lines[1].hasPrefix(#"{"id":"b","width":"#))
        #expect(lines[0].replacingOccurrences(of: #""warnings":["widht: unknown field, ignored (did you mean \"width\"?)"],"#, with: "")
                    .replacingOccurrences(of: #""id":"a""#, with: #""id":"b""#) == lines[1])
    }

    @Test func jsonlStrictTurnsWarningsIntoErrors() throws {
        let o = try LayoutBinary.run(["measure", "--jsonl", "--strict"], input: """
            {"id":"a","text":"Hello","widht":10}
            {"id":"b","text":"Hello"}

            """)
        #expect(o.status == 1)
        let lines = o.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"id":"a","error":"input line 1: widht: unknown field"#))
        #expect(lines[1].hasPrefix(#"{"id":"b","width":"#))  // the other cases are still answered
    }

    @Test func jsonlKeepsInputOrderOnEveryCore() throws {
        // 3,000 cases of varied length (long ones take longer): answers come back in input order.
        var input = ""
        for i in 0..<3_000 {
            let text = String(repeating: "word ", count: 1 + (i * 37) % 90)
            input += #"{"id":\#(i),"text":"\#(text)","width":\#(100 + i % 200)}"# + "\n"
        }
        let o = try LayoutBinary.run(["measure", "--jsonl"], input: input)
        #expect(o.status == 0)
        let ids = o.stdout.split(separator: "\n").map { line -> Int? in
            guard let r = line.range(of: #"{"id":"#), let end = line.firstIndex(of: ",") else { return nil }
            return Int(line[r.upperBound..<end])
        }
        #expect(ids == (0..<3_000).map { Optional($0) })
    }
}
