//! `report.html`: one self-contained page (inline CSS and SVG, no external address) with the
//! plots, the numbers in tables and the command that produced them.

use std::fmt::Write as _;
use std::path::Path;

use crate::SimError;
use crate::plot::draw_plots;
use crate::stats::Interval;
use crate::summary::{Rates, Summary};

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f0f3f7; }
pre { background: #f6f6f6; padding: 0.6rem; overflow-x: auto; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
.note { color: #555; font-size: 0.9rem; }
";

/// Draws the plots (PNG files in `folder`) and writes the report to `path`.
///
/// # Errors
/// If a plot cannot be drawn or the report cannot be written.
pub fn write_report(summary: &Summary, folder: &Path, path: &Path) -> Result<(), SimError> {
    let plots = draw_plots(summary, folder)?;
    let mut html = String::with_capacity(64 * 1024);
    let config = &summary.config;
    let title = format!(
        "{} {} self-play: {}",
        config.game,
        config.mode,
        config.players.join(" vs ")
    );
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let _ = write!(
        html,
        "<p>{} games, {} plies (mean {:.1} per game), seed {}, ply limit {}.</p>\n<pre>{}</pre>\n",
        summary.games,
        summary.plies,
        summary.lengths.mean,
        config.seed,
        config.max_plies,
        escape(&summary.command_line)
    );

    html.push_str("<h2>Win rate by seat</h2>\n");
    html.push_str(&figure(&plots, 0));
    html.push_str(&rates_table(
        "seat",
        summary
            .seats
            .iter()
            .map(|seat| (format!("{} (team {})", seat.name, seat.team), &seat.rates)),
    ));
    html.push_str(
        "<p class=\"note\">Rates with 95 % Wilson intervals. The red line is the win rate \
         every seat would have in a fair game: (1 − draw rate) / teams.</p>\n",
    );

    html.push_str("<h2>Teams</h2>\n");
    html.push_str(&rates_table(
        "team",
        summary.teams.iter().map(|team| {
            (
                format!("team {} ({})", team.team, team.seats.join(", ")),
                &team.rates,
            )
        }),
    ));

    html.push_str("<h2>Players</h2>\n");
    html.push_str(&rates_table(
        "player",
        summary
            .players
            .iter()
            .map(|player| (format!("{}: {}", player.player, player.spec), &player.rates)),
    ));
    html.push_str(
        "<p class=\"note\">One result per seat a player held: a player on two seats of a \
         game counts twice. Players rotate over the seats (game i: the k-th seat gets \
         player (k + i) mod n).</p>\n",
    );

    let first = &summary.first_mover;
    html.push_str("<h2>First mover</h2>\n");
    html.push_str(&rates_table(
        "first mover",
        std::iter::once((format!("first mover ({})", first.basis), &first.rates)),
    ));
    let by_seat: Vec<String> = first
        .first_by_seat
        .iter()
        .map(|(seat, count)| format!("{} {count}", escape(seat)))
        .collect();
    let _ = writeln!(
        html,
        "<p class=\"note\">Moved first: {}. Seen in {} of {} games.</p>",
        by_seat.join(", "),
        first.observed_games,
        summary.games
    );

    let lengths = &summary.lengths;
    html.push_str("<h2>Game length</h2>\n");
    html.push_str(&figure(&plots, 1));
    let _ = writeln!(
        html,
        "<table><thead><tr><th>plies</th><th>min</th><th>Q1</th><th>median</th><th>Q3</th><th>max</th><th>mean</th></tr></thead>\n<tbody><tr><td>listed moves</td><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{}</td><td>{:.1}</td></tr></tbody></table>",
        lengths.min, lengths.q1, lengths.median, lengths.q3, lengths.max, lengths.mean
    );

    html.push_str("<h2>End reasons</h2>\n");
    html.push_str(&figure(&plots, 2));
    html.push_str(
        "<table><thead><tr><th>reason</th><th>games</th><th>share</th></tr></thead>\n<tbody>\n",
    );
    for reason in &summary.reasons {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{:.1} %</td></tr>",
            escape(&reason.reason),
            reason.count,
            100.0 * reason.share
        );
    }
    html.push_str("</tbody></table>\n");

    if !summary.labels.is_empty() {
        html.push_str(&labels_section(summary, &plots));
    }

    let speed = &summary.throughput;
    html.push_str("<h2>Speed</h2>\n");
    let _ = writeln!(
        html,
        "<table><tbody>\n<tr><td>this run</td><td>{} games, {} plies in {:.2} s on {} threads</td></tr>\n<tr><td>games/s (this run)</td><td>{:.1}</td></tr>\n<tr><td>plies/s (this run)</td><td>{:.0}</td></tr>\n<tr><td>games/s per thread (all games)</td><td>{:.1}</td></tr>\n<tr><td>plies/s per thread (all games)</td><td>{:.0}</td></tr>\n</tbody></table>",
        speed.run_games,
        speed.run_plies,
        speed.run_seconds,
        speed.threads,
        speed.games_per_second,
        speed.plies_per_second,
        speed.games_per_thread_second,
        speed.plies_per_thread_second
    );
    let _ = writeln!(
        html,
        "<h2>Settings</h2>\n<pre>{}</pre>",
        escape(&serde_json::to_string_pretty(config).map_err(SimError::Json)?)
    );
    html.push_str("<p class=\"note\">PNG copies of the plots: ");
    let files: Vec<String> = plots
        .iter()
        .filter_map(|plot| plot.png.file_name())
        .map(|name| escape(&name.to_string_lossy()))
        .collect();
    html.push_str(&files.join(", "));
    html.push_str(".</p>\n</body>\n</html>\n");
    std::fs::write(path, html).map_err(|error| SimError::io(path, error))
}

/// What each label did: plots 3 and 4 (drawn only when there are labels) and a table.
fn labels_section(summary: &Summary, plots: &[crate::plot::Plot]) -> String {
    let mut html = String::from("<h2>What each seat put into play</h2>\n");
    html.push_str(
        "<p class=\"note\">Every seat of every game is one result, counted under each label \
         the game gave its actions (the cards it played, say). A difference whose interval \
         lies clear of 0 marks a label that goes with winning or losing; it says nothing of \
         cause (a strong hand plays more cards).</p>\n",
    );
    html.push_str(&figure(plots, 3));
    html.push_str(&figure(plots, 4));
    html.push_str(
        "<table><thead><tr><th>label</th><th>play rate</th><th>seats that played it</th><th>win rate when played</th><th>when not</th><th>difference</th></tr></thead>\n<tbody>\n",
    );
    for label in &summary.labels {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{:.1} %</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.1} [{:+.1}, {:+.1}]</td></tr>",
            escape(&label.label),
            100.0 * label.play_rate,
            label.played.count,
            percent(label.played.win_rate, label.played.win_interval),
            percent(label.not_played.win_rate, label.not_played.win_interval),
            100.0 * label.win_rate_difference,
            100.0 * label.difference_interval.low,
            100.0 * label.difference_interval.high,
        );
    }
    html.push_str("</tbody></table>\n");
    html
}

fn figure(plots: &[crate::plot::Plot], index: usize) -> String {
    plots.get(index).map_or_else(String::new, |plot| {
        format!(
            "<figure aria-label=\"{}\">\n{}\n</figure>\n",
            escape(plot.title),
            plot.svg
        )
    })
}

fn rates_table<'a>(heading: &str, rows: impl Iterator<Item = (String, &'a Rates)>) -> String {
    let mut html = format!(
        "<table><thead><tr><th>{}</th><th>results</th><th>wins</th><th>draws</th><th>losses</th><th>win rate</th><th>draw rate</th><th>loss rate</th></tr></thead>\n<tbody>\n",
        escape(heading)
    );
    for (label, rates) in rows {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&label),
            rates.count,
            rates.wins,
            rates.draws,
            rates.losses,
            percent(rates.win_rate, rates.win_interval),
            percent(rates.draw_rate, rates.draw_interval),
            percent(rates.loss_rate, rates.loss_interval),
        );
    }
    html.push_str("</tbody></table>\n");
    html
}

fn percent(rate: f64, interval: Interval) -> String {
    format!(
        "{:.1} % [{:.1}, {:.1}]",
        100.0 * rate,
        100.0 * interval.low,
        100.0 * interval.high
    )
}

/// Escapes text for HTML content and attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}
