// Curling 2.0: the search that found the board of the package's
// worst-case test (crates/curling/package/generators/worst.py). Hill
// climbing on a 20x20 board, start in the middle, goal in the corner
// behind blocks: flip one cell at a time and keep the flip when the
// intended depth-first search (accepted/intended.cpp, cap 10, bounded by
// the best answer so far) does as much work or more (calls plus slide
// steps) and the answer stays -1, so no best answer ever cuts the tree.
// Writes the best board to best.txt as it improves.
//   g++ -O2 -o climb bench/curling-worst-board.cpp && ./climb 1 0.3
// (seed 1, block density 0.3: about 6.1 million units, two minutes).
#include <cstdio>
#include <cstdlib>
#include <random>
static int w=20,h=20,gr,gc,best; static long long cost;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};
static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }
static void dfs(int r0, int c0, int depth) {
    cost++;
    if (depth >= 10 || depth + 1 >= best) return;
    for (int d = 0; d < 4; d++) {
        int r = r0 + DR[d], c = c0 + DC[d];
        if (!inside(r, c) || g[r][c] == 1) continue;
        while (inside(r, c) && g[r][c] != 1 && !(r == gr && c == gc)) { r += DR[d]; c += DC[d]; cost++; }
        if (!inside(r, c)) continue;
        if (r == gr && c == gc) { best = depth + 1; return; }
        g[r][c] = 0; dfs(r - DR[d], c - DC[d], depth + 1); g[r][c] = 1;
    }
}
int sr,sc;
void dump(){ FILE*f=fopen("best.txt","w"); fprintf(f,"%d %d\n",w,h); for(int r=0;r<h;r++){for(int c=0;c<w;c++){int v=g[r][c]; if(r==sr&&c==sc)v=2; if(r==gr&&c==gc)v=3; fprintf(f,"%d%c",v,c==w-1?'\n':' ');}} fclose(f);}
long long eval(){ best=11; cost=0; dfs(sr,sc,0); return best<=10? -1: cost; }
int main(int argc,char**argv){
  std::mt19937 rng(atoi(argv[1])); double p=atof(argv[2]);
  for(int r=0;r<h;r++)for(int c=0;c<w;c++) g[r][c]= (rng()%1000<p*1000);
  sr=10;sc=10;g[sr][sc]=0; gr=0;gc=0; g[0][0]=0; g[0][1]=1; g[1][0]=1; g[1][1]=1;g[0][2]=1;g[2][0]=1;
  long long cur=eval(); if(cur<0) cur=0;
  for(int it=0;it<2500;it++){
    int r=rng()%h,c=rng()%w; if((r==sr&&c==sc)||(r==gr&&c==gc)) continue;
    g[r][c]^=1; long long v=eval();
    if(v>=cur){ if(v>cur){ fprintf(stderr,"it %d cost %lld\n",it,v); dump(); } cur=v;} else g[r][c]^=1;
  }
  fprintf(stderr,"cost %lld\n",cur);
  printf("%d %d\n",w,h);
  for(int r=0;r<h;r++){for(int c=0;c<w;c++){int v=g[r][c]; if(r==sr&&c==sc)v=2; if(r==gr&&c==gc)v=3; printf("%d%c",v,c==w-1?'\n':' ');}}
}
