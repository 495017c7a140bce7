// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs.
#include <bits/stdc++.h>
using namespace std;
// cells: 0 ice, 1 block, 3 goal, 4 outside
static int W, H, goalPos, gr, gc;
static vector<int> g;
static int best;
static int dlt[4];
static bool clearLine(int p){
    int r=p/W, c=p%W;
    if(r==gr){ int a=min(c,gc), b=max(c,gc); for(int x=a+1;x<b;x++) if(g[r*W+x]==1) return false; return true; }
    if(c==gc){ int a=min(r,gr), b=max(r,gr); for(int y=a+1;y<b;y++) if(g[y*W+c]==1) return false; return true; }
    return false;
}
static void dfs(int p, int d){
    // d throws done; stone at p (not goal)
    int lb = clearLine(p) ? 1 : 2;
    if (d + lb >= best) return;
    if (d + lb > 10) return;
    for(int k=0;k<4;k++){
        int q=p+dlt[k];
        if(g[q]==1) continue;
        while(g[q]==0) q+=dlt[k];
        if(g[q]==4) continue;
        if(g[q]==3){ if(d+1<best) best=d+1; continue; }
        // block
        g[q]=0;
        dfs(q-dlt[k], d+1);
        g[q]=1;
        if (d + lb >= best) return;
    }
}
int main(){
    int w,h;
    while(scanf("%d %d",&w,&h)==2){
        if(w==0&&h==0) break;
        W=w+2; H=h+2;
        g.assign(W*H,4);
        int start=0;
        for(int r=1;r<=h;r++) for(int c=1;c<=w;c++){
            int v; scanf("%d",&v);
            int p=r*W+c;
            if(v==2){ start=p; v=0; }
            if(v==3){ goalPos=p; gr=r; gc=c; }
            g[p]=v;
        }
        dlt[0]=1; dlt[1]=-1; dlt[2]=W; dlt[3]=-W;
        best=11;
        dfs(start,0);
        printf("%d\n", best<=10?best:-1);
    }
}
