import ArgumentParser

/// `layout`: measure text, compute table and grid geometry, write reports.
/// The commands and their formats are specified in docs/CONTRACT.md.
@main
struct Layout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "UITableView / UICollectionView geometry and FreeType text measurement, headless.",
        subcommands: [Measure.self, Compute.self, Report.self])
}
