import Foundation
import LayoutEngine
import Testing

/// Every spec example in docs/CONTRACT.md marked `<!-- spec: runs -->` decodes without a warning
/// and computes (issue 14: "its example spec runs as written").
@Suite struct ContractExampleTests {
    static func examples() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CONTRACT.md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var out: [String] = []
        var i = 0
        while i < lines.count {
            if lines[i].trimmingCharacters(in: .whitespaces) == "<!-- spec: runs -->", i + 1 < lines.count,
               lines[i + 1].hasPrefix("```") {
                var j = i + 2
                var block: [String] = []
                while j < lines.count, !lines[j].hasPrefix("```") { block.append(lines[j]); j += 1 }
                out.append(block.joined(separator: "\n"))
                i = j
            }
            i += 1
        }
        return out
    }

    @Test func everyMarkedExampleRuns() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3)
        for (n, json) in examples.enumerated() {
            let document = try LayoutSpec.decode(json: json)
            #expect(document.warnings.isEmpty, "example \(n): \(document.warnings)")
            let result = try Layouter.shared.compute(document.spec)
            #expect(result.contentSize.height > 0, "example \(n)")
        }
    }
}
