import ArgumentParser
import Foundation
import LayoutEngine
import LayoutReport

/// `layout`: measure text, compute table and grid geometry, write reports.
/// The commands and their formats are specified in docs/CONTRACT.md.
@main
struct Layout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "UITableView / UICollectionView geometry and FreeType text measurement, headless.",
        version: "layout \(LayoutEngineVersion.string) (result schema \(ResultDocument.currentSchemaVersion))",
        subcommands: [Measure.self, Compute.self, Report.self])

    /// The contract's exit statuses: 0 success (and `--help`), 1 for a failure a command reports
    /// (it throws `ExitCode`), 2 for a usage error. swift-argument-parser exits 64 (EX_USAGE) for
    /// usage errors, so parsing is done here: a parse or validation error prints the parser's full
    /// message (the error and the usage) on standard error and exits 2.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // Help, version and other clean exits are not usage errors.
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
