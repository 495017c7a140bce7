// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs.
#include <bits/stdc++.h>
using namespace std;
int main(){
    int n,m,L,tc=0;
    vector<char> vis;
    while(scanf("%d %d %d",&n,&m,&L)==3){
        if(n==0&&m==0&&L==0) break;
        ++tc;
        int W=m+2, NC=(n+2)*W;
        vector<int> br(L), bc(L);
        for(int i=0;i<L;i++) scanf("%d %d",&br[i],&bc[i]);
        int K; scanf("%d",&K);
        vector<char> blocked(NC,1);
        for(int r=1;r<=n;r++) for(int c=1;c<=m;c++) blocked[r*W+c]=0;
        for(int i=0;i<K;i++){int r,c; scanf("%d %d",&r,&c); blocked[r*W+c]=1;}
        // dirs: 0 up,1 down,2 left,3 right; opposite = d^1
        int dl[4]={-W,W,-1,1};
        int S=1<<(2*(L-1)), mask=S-1;
        int head=br[0]*W+bc[0], code=0;
        for(int i=0;i<L-1;i++){
            int dr=br[i+1]-br[i], dc=bc[i+1]-bc[i], d;
            if(dr==-1) d=0; else if(dr==1) d=1; else if(dc==-1) d=2; else d=3;
            code|=d<<(2*i);
        }
        int exitc=1*W+1;
        printf("Case %d: ", tc);
        if(head==exitc){ printf("0\n"); continue; }
        // precheck: exit reachable by head ignoring body
        {
            vector<char> seen(NC,0); vector<int> q; q.push_back(exitc); seen[exitc]=1;
            for(size_t i=0;i<q.size();i++) for(int d=0;d<4;d++){int v=q[i]+dl[d]; if(!blocked[v]&&!seen[v]){seen[v]=1;q.push_back(v);}}
            if(!seen[head]){ printf("-1\n"); continue; }
        }
        vis.assign((size_t)NC*S,0);
        vector<int> cur, nxt;
        int s0=head*S+code; vis[s0]=1; cur.push_back(s0);
        int ans=-1, lvl=0;
        int cells[8];
        while(!cur.empty() && ans<0){
            nxt.clear();
            for(int s: cur){
                int h=s/S, cd=s&mask;
                int c=h, x=cd;
                cells[0]=h;
                for(int i=1;i<L;i++){ c+=dl[x&3]; x>>=2; cells[i]=c; }
                for(int d=0;d<4;d++){
                    int nh=h+dl[d];
                    if(blocked[nh]) continue;
                    bool hit=false;
                    for(int i=1;i<L;i++) if(cells[i]==nh){hit=true;break;}
                    if(hit) continue;
                    if(nh==exitc){ ans=lvl+1; break; }
                    int ns=nh*S+(((cd<<2)|(d^1))&mask);
                    if(!vis[ns]){vis[ns]=1; nxt.push_back(ns);}
                }
                if(ans>=0) break;
            }
            swap(cur,nxt); lvl++;
        }
        printf("%d\n", ans);
    }
}
