//! The two boards (§1): posts, roads, railways, railway lines, and the tables move
//! generation walks.
//!
//! Each board is built once from the area template of §1.2 and the joining edges of §1.3 and
//! §1.4, then frozen into flat tables. Posts are numbered in the order a position string lists
//! them: ranks from the top down, files from `a` to `q` within a rank.

use std::sync::LazyLock;

/// A post's index on its board.
pub type Post = u8;

/// The most posts a board has (the 4p board).
pub const MAX_POSTS: usize = 129;

/// Which board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    /// The standard two-player board (§1.3), also used by dark chess.
    TwoPlayer,
    /// The four-player board (§1.4).
    FourPlayer,
}

/// What kind of post (§1.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PostKind {
    /// 兵站: an ordinary post (palace posts included).
    Station,
    /// 行营: a safe post, never attacked.
    Camp,
    /// 大本营: a headquarters; a piece standing there never moves again (2p/4p).
    Headquarters,
}

/// One post of a board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PostInfo {
    /// Its global name, such as `c6` or `k12`.
    pub name: String,
    /// File index, `a` = 0.
    pub file: u8,
    /// Rank, from 1.
    pub rank: u8,
    /// Station, camp or headquarters.
    pub kind: PostKind,
    /// Whether a railway passes through it.
    pub on_railway: bool,
    /// The seat index owning the area it lies in (`None` for the palace), with its local
    /// coordinates (line, file), both from 1.
    pub area: Option<(u8, u8, u8)>,
}

/// A set of posts of a board with at most 64 × `W` posts, as a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bits<const W: usize>([u64; W]);

/// A set of posts of any board.
pub type PostSet = Bits<3>;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Bits<W> {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Bits<W> = Bits([0; W]);

    /// The posts in both sets.
    #[must_use]
    #[inline]
    pub fn and(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The posts in either set.
    #[must_use]
    #[inline]
    pub fn or(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The posts of `self` not in `other`.
    #[must_use]
    #[inline]
    pub fn and_not(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The same set with fewer (or more) words: posts beyond `64 × V` are dropped. Move
    /// generation on the 60-post board works on one word.
    #[must_use]
    #[inline]
    pub fn narrow<const V: usize>(self) -> Bits<V> {
        Bits(std::array::from_fn(|i| if i < W { self.0[i] } else { 0 }))
    }

    /// Adds a post.
    #[inline]
    pub fn insert(&mut self, post: Post) {
        self.0[usize::from(post >> 6)] |= 1 << (post & 63);
    }

    /// Removes a post.
    #[inline]
    pub fn remove(&mut self, post: Post) {
        self.0[usize::from(post >> 6)] &= !(1 << (post & 63));
    }

    /// Whether the post is in the set.
    #[must_use]
    #[inline]
    pub fn contains(&self, post: Post) -> bool {
        usize::from(post >> 6) < W && self.0[usize::from(post >> 6)] & (1 << (post & 63)) != 0
    }

    /// The posts in index order.
    #[must_use]
    #[inline]
    pub fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }

    /// How many posts are in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }
}

/// The posts of a [`Bits`] set, in index order.
#[derive(Clone, Debug)]
pub struct BitsIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = Post;

    #[inline]
    fn next(&mut self) -> Option<Post> {
        while self.word < W {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some((self.word * 64) as Post + bits.trailing_zeros() as Post);
            }
            self.word += 1;
        }
        None
    }
}

/// One node of a post's railway-run tree: the runs of a non-engineer along every line through
/// the post, merged where they share posts, in depth-first order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RunNode {
    /// The post reached.
    pub post: Post,
    /// The index (in the same post's node list) just past this node's subtree: where the walk
    /// goes on when this post is occupied and the run cannot pass it.
    pub skip: u16,
}

/// A board: its posts, edges, railway lines and move-generation tables.
#[derive(Debug)]
pub struct Board {
    shape: Shape,
    posts: Vec<PostInfo>,
    grid: [[Option<Post>; 17]; 17],
    /// Per post: camp, headquarters and railway bits, for the hot paths.
    flags: [u8; MAX_POSTS],
    all: PostSet,
    camps: PostSet,
    road_masks: Vec<PostSet>,
    rail_masks: Vec<PostSet>,
    adjacency: Vec<Adjacency>,
    lines: Vec<Vec<Post>>,
    runs: Vec<Vec<RunNode>>,
    rank_rows: Vec<Vec<Post>>,
    areas: Vec<[Post; 30]>,
}

const CAMP: u8 = 1;
const HEADQUARTERS: u8 = 2;
const RAILWAY: u8 = 4;

/// A post's neighbours, stored inline so that move generation touches one cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Adjacency {
    road: [Post; 8],
    road_len: u8,
    rail: [Post; 4],
    rail_len: u8,
}

/// The area template of §1.2: which local posts are camps, HQs and railway posts.
fn local_kind(line: u8, file: u8) -> PostKind {
    match (line, file) {
        (2, 2) | (2, 4) | (3, 3) | (4, 2) | (4, 4) => PostKind::Camp,
        (6, 2) | (6, 4) => PostKind::Headquarters,
        _ => PostKind::Station,
    }
}

fn local_on_railway(line: u8, file: u8) -> bool {
    line == 1 || line == 5 || ((file == 1 || file == 5) && line <= 5)
}

/// Whether the edge between two orthogonally adjacent local posts is a railway (A2).
fn local_edge_is_railway((l1, f1): (u8, u8), (l2, f2): (u8, u8)) -> bool {
    (l1 == 1 && l2 == 1)
        || (l1 == 5 && l2 == 5)
        || (f1 == 1 && f2 == 1 && l1 <= 5 && l2 <= 5)
        || (f1 == 5 && f2 == 5 && l1 <= 5 && l2 <= 5)
}

/// The global (file index, rank) of a local post, for a seat of a board (§1.3, §1.4).
fn global_of_local(shape: Shape, seat: u8, line: u8, file: u8) -> (u8, u8) {
    match (shape, seat) {
        (Shape::TwoPlayer, 0) => (file - 1, 7 - line),
        (Shape::TwoPlayer, _) => (5 - file, 6 + line),
        (Shape::FourPlayer, 0) => (5 + file, 7 - line),
        (Shape::FourPlayer, 1) => (10 + line, 6 + file),
        (Shape::FourPlayer, 2) => (11 - file, 11 + line),
        (Shape::FourPlayer, _) => (6 - line, 12 - file),
    }
}

/// The name of a post from its file index and rank.
#[must_use]
pub fn post_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), rank)
}

/// Reads a post name such as `c6` into (file index, rank).
fn parse_name(name: &str) -> Option<(u8, u8)> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some((letter as u8 - b'a', digits.parse().ok()?))
}

const LINES_2P: [&str; 7] = [
    "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11",
    "e2 e3 e4 e5 e6 e7 e8 e9 e10 e11",
    "c6 c7",
    "a2 b2 c2 d2 e2",
    "a6 b6 c6 d6 e6",
    "a7 b7 c7 d7 e7",
    "a11 b11 c11 d11 e11",
];

const LINES_4P: [&str; 18] = [
    "g2 g3 g4 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16",
    "k2 k3 k4 k5 k6 k7 k9 k11 k12 k13 k14 k15 k16",
    "b7 c7 d7 e7 f7 g7 i7 k7 l7 m7 n7 o7 p7",
    "b11 c11 d11 e11 f11 g11 i11 k11 l11 m11 n11 o11 p11",
    "i6 i7 i9 i11 i12",
    "f9 g9 i9 k9 l9",
    "g6 h6 i6 j6 k6",
    "g12 h12 i12 j12 k12",
    "f7 f8 f9 f10 f11",
    "l7 l8 l9 l10 l11",
    "g2 h2 i2 j2 k2",
    "g16 h16 i16 j16 k16",
    "b7 b8 b9 b10 b11",
    "p7 p8 p9 p10 p11",
    "g2 g3 g4 g5 g6 f7 e7 d7 c7 b7",
    "k2 k3 k4 k5 k6 l7 m7 n7 o7 p7",
    "k16 k15 k14 k13 k12 l11 m11 n11 o11 p11",
    "g16 g15 g14 g13 g12 f11 e11 d11 c11 b11",
];

/// Railway edges that join areas, or lie in the palace (§1.3, §1.4 items 1–3).
const JOINS_2P: &str = "a6-a7 c6-c7 e6-e7";
const JOINS_4P: &str = "g7-i7 i7-k7 g9-i9 i9-k9 g11-i11 i11-k11 g7-g9 g9-g11 i7-i9 i9-i11 k7-k9 k9-k11 \
     g6-g7 i6-i7 k6-k7 g12-g11 i12-i11 k12-k11 l7-k7 l9-k9 l11-k11 f7-g7 f9-g9 f11-g11 \
     g6-f7 k6-l7 k12-l11 g12-f11";

static TWO_PLAYER: LazyLock<Board> = LazyLock::new(|| Board::build(Shape::TwoPlayer));
static FOUR_PLAYER: LazyLock<Board> = LazyLock::new(|| Board::build(Shape::FourPlayer));

impl Board {
    /// The board of a shape, built on first use.
    #[must_use]
    pub fn get(shape: Shape) -> &'static Board {
        match shape {
            Shape::TwoPlayer => &TWO_PLAYER,
            Shape::FourPlayer => &FOUR_PLAYER,
        }
    }

    fn build(shape: Shape) -> Board {
        let seats: u8 = if shape == Shape::TwoPlayer { 2 } else { 4 };
        // Every post, as (file, rank) → info, before numbering.
        let mut infos: Vec<PostInfo> = Vec::new();
        for seat in 0..seats {
            for line in 1..=6 {
                for file in 1..=5 {
                    let (x, y) = global_of_local(shape, seat, line, file);
                    infos.push(PostInfo {
                        name: post_name(x, y),
                        file: x,
                        rank: y,
                        kind: local_kind(line, file),
                        on_railway: local_on_railway(line, file),
                        area: Some((seat, line, file)),
                    });
                }
            }
        }
        if shape == Shape::FourPlayer {
            for rank in [7, 9, 11] {
                for file in [6, 8, 10] {
                    infos.push(PostInfo {
                        name: post_name(file, rank),
                        file,
                        rank,
                        kind: PostKind::Station,
                        on_railway: true,
                        area: None,
                    });
                }
            }
        }
        // Number posts in position-string order: ranks from the top, files left to right.
        infos.sort_by_key(|info| (std::cmp::Reverse(info.rank), info.file));
        let mut grid = [[None; 17]; 17];
        for (index, info) in infos.iter().enumerate() {
            grid[usize::from(info.file)][usize::from(info.rank - 1)] = Some(index as Post);
        }
        let find = |name: &str| -> Post {
            let (file, rank) = parse_name(name).expect("board tables hold valid names");
            grid[usize::from(file)][usize::from(rank - 1)]
                .expect("board tables name existing posts")
        };

        let count = infos.len();
        let mut road = vec![Vec::new(); count];
        let mut rail = vec![Vec::new(); count];
        let add = |lists: &mut Vec<Vec<Post>>, a: Post, b: Post| {
            if !lists[usize::from(a)].contains(&b) {
                lists[usize::from(a)].push(b);
                lists[usize::from(b)].push(a);
            }
        };
        // Edges inside each area: A1, A2 and A3.
        let mut areas = Vec::new();
        for seat in 0..seats {
            let local = |line: u8, file: u8| {
                let (x, y) = global_of_local(shape, seat, line, file);
                grid[usize::from(x)][usize::from(y - 1)].expect("area posts exist")
            };
            let mut area = [0; 30];
            for line in 1..=6u8 {
                for file in 1..=5u8 {
                    area[usize::from((line - 1) * 5 + file - 1)] = local(line, file);
                    let here = local(line, file);
                    for (l2, f2) in [(line + 1, file), (line, file + 1)] {
                        if l2 > 6 || f2 > 5 {
                            continue;
                        }
                        let there = local(l2, f2);
                        if local_edge_is_railway((line, file), (l2, f2)) {
                            add(&mut rail, here, there);
                        } else {
                            add(&mut road, here, there);
                        }
                    }
                    if local_kind(line, file) == PostKind::Camp {
                        for (dl, df) in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)] {
                            let (l2, f2) = (line as i8 + dl, file as i8 + df);
                            if (1..=6).contains(&l2) && (1..=5).contains(&f2) {
                                add(&mut road, here, local(l2 as u8, f2 as u8));
                            }
                        }
                    }
                }
            }
            areas.push(area);
        }
        let joins = if shape == Shape::TwoPlayer {
            JOINS_2P
        } else {
            JOINS_4P
        };
        for pair in joins.split_whitespace() {
            let (a, b) = pair.split_once('-').expect("joins are pairs");
            add(&mut rail, find(a), find(b));
        }
        for list in road.iter_mut().chain(rail.iter_mut()) {
            list.sort_unstable();
        }

        let line_table: &[&str] = if shape == Shape::TwoPlayer {
            &LINES_2P
        } else {
            &LINES_4P
        };
        let lines: Vec<Vec<Post>> = line_table
            .iter()
            .map(|line| line.split_whitespace().map(find).collect())
            .collect();
        let runs = (0..count as Post)
            .map(|post| run_tree(post, &lines))
            .collect();
        let mut rank_rows: Vec<Vec<Post>> = Vec::new();
        for (index, info) in infos.iter().enumerate() {
            match rank_rows.last_mut() {
                Some(row) if infos[usize::from(row[0])].rank == info.rank => {
                    row.push(index as Post)
                }
                _ => rank_rows.push(vec![index as Post]),
            }
        }
        let mut flags = [0u8; MAX_POSTS];
        for (index, info) in infos.iter().enumerate() {
            flags[index] = match info.kind {
                PostKind::Camp => CAMP,
                PostKind::Headquarters => HEADQUARTERS,
                PostKind::Station => 0,
            } | if info.on_railway { RAILWAY } else { 0 };
        }
        let adjacency = (0..count)
            .map(|index| {
                let mut entry = Adjacency::default();
                entry.road[..road[index].len()].copy_from_slice(&road[index]);
                entry.road_len = road[index].len() as u8;
                entry.rail[..rail[index].len()].copy_from_slice(&rail[index]);
                entry.rail_len = rail[index].len() as u8;
                entry
            })
            .collect();
        let set_of = |posts: &[Post]| {
            let mut set = PostSet::EMPTY;
            for &post in posts {
                set.insert(post);
            }
            set
        };
        let all = set_of(&(0..count as Post).collect::<Vec<_>>());
        let camps = set_of(
            &(0..count as Post)
                .filter(|&p| flags[usize::from(p)] & CAMP != 0)
                .collect::<Vec<_>>(),
        );
        let road_masks = road.iter().map(|list| set_of(list)).collect();
        let rail_masks = rail.iter().map(|list| set_of(list)).collect();
        Board {
            shape,
            posts: infos,
            grid,
            flags,
            all,
            camps,
            road_masks,
            rail_masks,
            adjacency,
            lines,
            runs,
            rank_rows,
            areas,
        }
    }

    /// Which board this is.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many posts the board has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.posts.len()
    }

    /// Whether the board has no posts (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.posts.is_empty()
    }

    /// Every post, numbered.
    pub fn posts(&self) -> impl Iterator<Item = Post> + use<> {
        0..self.posts.len() as Post
    }

    /// A post's description.
    #[must_use]
    pub fn info(&self, post: Post) -> &PostInfo {
        &self.posts[usize::from(post)]
    }

    /// A post's name, such as `c6`.
    #[must_use]
    pub fn name(&self, post: Post) -> &str {
        &self.posts[usize::from(post)].name
    }

    /// The post with this name, if the board has it.
    #[must_use]
    pub fn post(&self, name: &str) -> Option<Post> {
        let (file, rank) = parse_name(name)?;
        self.at(file, rank)
    }

    /// The post at (file index, rank), if the board has one there.
    #[must_use]
    pub fn at(&self, file: u8, rank: u8) -> Option<Post> {
        if rank == 0 {
            return None;
        }
        *self
            .grid
            .get(usize::from(file))?
            .get(usize::from(rank - 1))?
    }

    /// The kind of a post.
    #[must_use]
    pub fn kind(&self, post: Post) -> PostKind {
        self.posts[usize::from(post)].kind
    }

    /// Whether a post is a camp.
    #[must_use]
    pub fn is_camp(&self, post: Post) -> bool {
        self.flags[usize::from(post)] & CAMP != 0
    }

    /// Whether a post is a headquarters.
    #[must_use]
    pub fn is_headquarters(&self, post: Post) -> bool {
        self.flags[usize::from(post)] & HEADQUARTERS != 0
    }

    /// Whether a railway passes through a post.
    #[must_use]
    pub fn on_railway(&self, post: Post) -> bool {
        self.flags[usize::from(post)] & RAILWAY != 0
    }

    /// The posts joined to `post` by a road, in index order.
    #[must_use]
    pub fn road_neighbours(&self, post: Post) -> &[Post] {
        let entry = &self.adjacency[usize::from(post)];
        &entry.road[..usize::from(entry.road_len)]
    }

    /// The posts joined to `post` by a railway segment (arcs included), in index order.
    #[must_use]
    pub fn rail_neighbours(&self, post: Post) -> &[Post] {
        let entry = &self.adjacency[usize::from(post)];
        &entry.rail[..usize::from(entry.rail_len)]
    }

    /// Every post of the board, as a set.
    #[must_use]
    pub fn all(&self) -> PostSet {
        self.all
    }

    /// The camps, as a set.
    #[must_use]
    pub fn camps(&self) -> PostSet {
        self.camps
    }

    /// The road neighbours of a post, as a set.
    #[must_use]
    #[inline]
    pub fn road_mask(&self, post: Post) -> PostSet {
        self.road_masks[usize::from(post)]
    }

    /// The railway neighbours of a post, as a set.
    #[must_use]
    #[inline]
    pub fn rail_mask(&self, post: Post) -> PostSet {
        self.rail_masks[usize::from(post)]
    }

    /// The railway lines (§1.3, §1.4), each as its posts in order.
    #[must_use]
    pub fn lines(&self) -> &[Vec<Post>] {
        &self.lines
    }

    /// The railway-run tree of a post: what a non-engineer on it may reach along lines.
    #[must_use]
    pub fn runs(&self, post: Post) -> &[RunNode] {
        &self.runs[usize::from(post)]
    }

    /// The ranks from the top down, each with its posts in file order: the order of a
    /// position string's placement field.
    #[must_use]
    pub fn rank_rows(&self) -> &[Vec<Post>] {
        &self.rank_rows
    }

    /// The 30 posts of a seat's area, indexed by local (line − 1) × 5 + (file − 1): the order
    /// of a deployment string.
    #[must_use]
    pub fn area(&self, seat: u8) -> &[Post; 30] {
        &self.areas[usize::from(seat)]
    }
}

/// Every run from `start` along every line through it, in both directions, merged into one
/// tree and flattened in depth-first order.
fn run_tree(start: Post, lines: &[Vec<Post>]) -> Vec<RunNode> {
    let mut rays: Vec<Vec<Post>> = Vec::new();
    for line in lines {
        if let Some(at) = line.iter().position(|&post| post == start) {
            rays.push(line[at + 1..].to_vec());
            rays.push(line[..at].iter().rev().copied().collect());
        }
    }
    rays.retain(|ray| !ray.is_empty());
    let mut nodes = Vec::new();
    flatten_rays(&rays, 0, &mut nodes);
    nodes
}

fn flatten_rays(rays: &[Vec<Post>], depth: usize, nodes: &mut Vec<RunNode>) {
    let mut firsts: Vec<Post> = rays
        .iter()
        .filter_map(|ray| ray.get(depth).copied())
        .collect();
    firsts.sort_unstable();
    firsts.dedup();
    for post in firsts {
        let branch: Vec<Vec<Post>> = rays
            .iter()
            .filter(|ray| ray.get(depth) == Some(&post))
            .cloned()
            .collect();
        let at = nodes.len();
        nodes.push(RunNode { post, skip: 0 });
        flatten_rays(&branch, depth + 1, nodes);
        nodes[at].skip = nodes.len() as u16;
    }
}
